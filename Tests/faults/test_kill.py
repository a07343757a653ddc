"""A build killed with SIGKILL at random moments leaves the previous site byte for byte as it was; the next
build removes what the killed ones left beside the output and equals a clean build."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import time
from pathlib import Path

import fault_support as support

KILLS = 20


def test_a_build_killed_at_random_moments_leaves_the_previous_site(transcripts_bin, tmp_path):
    site = support.write_site(tmp_path / "site", conversations=4, messages_each=5_000)
    output = site / "public"
    support.build(transcripts_bin, site)
    previous = support.tree_digest(output)
    assert len(previous) > 50

    # The next build has real work: an edited message on many pages, and the cache ignored.
    support.edit_messages(site)
    started = time.monotonic()
    support.build(transcripts_bin, site, "--output", str(tmp_path / "timing"), "--clean")
    full = time.monotonic() - started
    shutil.rmtree(tmp_path / "timing")

    rng = random.Random(20)
    moments = sorted(rng.uniform(0.02, full * 0.95) for _ in range(KILLS))
    killed_while_running = 0
    for moment in moments:
        process = subprocess.Popen([str(transcripts_bin), "build", str(site), "--quiet", "--clean"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(moment)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed_while_running += 1
        process.wait()
        if process.returncode == -signal.SIGKILL:
            assert support.tree_digest(output) == previous, f"killed after {moment:.2f} s, the previous site changed"
        else:
            # It finished before the kill: the new site is complete; it is now the one to keep.
            assert process.returncode == 0
            previous = support.tree_digest(output)
    assert killed_while_running >= KILLS // 2, f"only {killed_while_running} of {KILLS} builds were killed while running"
    leftovers = [entry.name for entry in site.iterdir() if ".building-" in entry.name or ".previous-" in entry.name]
    assert leftovers, "the killed builds left no staging folder: the test killed nothing that was writing"

    support.build(transcripts_bin, site)
    assert not [entry.name for entry in site.iterdir() if ".building-" in entry.name or ".previous-" in entry.name]
    clean = tmp_path / "clean"
    support.build(transcripts_bin, site, "--output", str(clean), "--clean")
    assert support.tree_digest(output) == support.tree_digest(clean)
