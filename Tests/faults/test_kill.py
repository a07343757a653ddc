"""A build killed with SIGKILL at random moments never leaves a mix: the output is the previous site byte for
byte, or (killed after the swap, while it cleaned up) the new one, complete. The next build removes what the
killed ones left beside the output, and its site equals a clean build. Clean and incremental builds alike."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import time
from pathlib import Path

import fault_support as support

KILLS = 20


def test_a_build_killed_at_random_moments_leaves_a_whole_site(transcripts_bin, tmp_path):
    versions = {}
    inputs = {}
    for name, edited in (("a", False), ("b", True)):
        site = support.write_site(tmp_path / f"site-{name}", conversations=4, messages_each=5_000)
        if edited:
            support.edit_messages(site)
        inputs[name] = {file.name: file.read_bytes() for file in (site / "conversations").glob("*.jsonl")}
        support.build(transcripts_bin, site, "--clean")
        versions[name] = support.tree_digest(site / "public")
    assert versions["a"] != versions["b"]

    site = tmp_path / "site-a"
    output = site / "public"

    def switch_to(name: str) -> None:
        for file, data in inputs[name].items():
            (site / "conversations" / file).write_bytes(data)

    # How long each kind of build takes from one version to the other.
    durations = {}
    for mode, arguments in (("clean", ["--clean"]), ("incremental", [])):
        switch_to("b")
        started = time.monotonic()
        support.build(transcripts_bin, site, *arguments)
        durations[mode] = time.monotonic() - started
        switch_to("a")
        support.build(transcripts_bin, site)
    assert support.tree_digest(output) == versions["a"]

    rng = random.Random(20)
    current = "a"
    killed_while_running = 0
    for kill in range(KILLS):
        mode = "clean" if kill % 2 == 0 else "incremental"
        target = "b" if current == "a" else "a"
        switch_to(target)
        # Half the kills anywhere, half in the build's last third, where it writes and swaps the site in.
        moment = durations[mode] * (rng.uniform(0.02, 0.98) if kill % 4 < 2 else rng.uniform(0.66, 1.0))
        process = subprocess.Popen(
            [str(transcripts_bin), "build", str(site), "--quiet", *(["--clean"] if mode == "clean" else [])],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(moment)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed_while_running += 1
        process.wait()
        found = support.tree_digest(output)
        if found == versions[current]:
            continue
        assert found == versions[target], (
            f"a {mode} build killed after {moment:.2f} s left a site that is neither the previous nor the new one: "
            + ", ".join(sorted(path for path in set(found) | set(versions[target]) if found.get(path) != versions[target].get(path))[:8]))
        current = target
    assert killed_while_running >= KILLS // 2, f"only {killed_while_running} of {KILLS} builds were killed while running"

    # The next build cleans up after the killed ones, and its site equals a clean build's.
    switch_to("b")
    support.build(transcripts_bin, site)
    assert not [entry.name for entry in site.iterdir() if ".building-" in entry.name or ".previous-" in entry.name]
    assert support.tree_digest(output) == versions["b"]
