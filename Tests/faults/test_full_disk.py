"""A full disk or a file system that refuses writes: the build fails with an error that names a file and the
reason, exits 1, leaves the previous site byte for byte as it was and leaves no staging folder behind. The
output lives on a small tmpfs mounted for the test (root only; skipped, saying why, elsewhere)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

import fault_support as support


@pytest.fixture
def small_disk(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def leftovers(folder: Path) -> list[str]:
    return [entry.name for entry in folder.iterdir() if ".building-" in entry.name or ".previous-" in entry.name]


def test_a_full_disk_fails_the_build_and_keeps_the_previous_site(transcripts_bin, tmp_path, small_disk):
    site = support.write_site(tmp_path / "site", conversations=2, messages_each=300)
    output = small_disk / "public"
    support.build(transcripts_bin, site, "--output", str(output))
    previous = support.tree_digest(output)

    # Twenty times the messages: the new site does not fit beside the previous one.
    support.write_site(site, conversations=8, messages_each=2_500, seed=2)
    result = support.build(transcripts_bin, site, "--output", str(output), check=False)
    assert result.returncode == 1, result.stderr
    error = result.stderr.strip().splitlines()[-1]
    assert error.startswith("error: ") and "No space left on device" in error, result.stderr
    assert str(small_disk) in error, "the error names the file it could not write"
    assert "Error Domain" not in result.stderr
    assert support.tree_digest(output) == previous
    assert leftovers(small_disk) == []


def test_a_read_only_file_system_fails_the_build_and_keeps_the_previous_site(transcripts_bin, tmp_path, small_disk):
    site = support.write_site(tmp_path / "site", conversations=1, messages_each=200)
    output = small_disk / "public"
    support.build(transcripts_bin, site, "--output", str(output))
    previous = support.tree_digest(output)
    support.edit_messages(site, every=10)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    result = support.build(transcripts_bin, site, "--output", str(output), check=False)
    assert result.returncode == 1
    error = result.stderr.strip().splitlines()[-1]
    assert error.startswith("error: ") and str(small_disk) in error and re.search(r"read.only", error, re.I), result.stderr
    assert support.tree_digest(output) == previous
    subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)
    assert leftovers(small_disk) == []
    # Writable again: the build goes through.
    support.build(transcripts_bin, site, "--output", str(output))
    assert support.tree_digest(output) != previous
