"""LICENSE and THIRD_PARTY_NOTICES: the notices name every package Package.swift pins, and `transcripts licenses`
(the binary in $TRANSCRIPTS_BIN, built in the clone) prints where both files are."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_licence_is_apache_2() -> None:
    assert "Apache License\n                           Version 2.0, January 2004" in (REPO_ROOT / "LICENSE").read_text()


def test_the_notices_name_every_pinned_package() -> None:
    notices = (REPO_ROOT / "THIRD_PARTY_NOTICES").read_text()
    manifest = (REPO_ROOT / "Package.swift").read_text()
    for url, version in re.findall(r'\.package\(url: "([^"]+)",[^"]*"([^"]+)"', manifest):
        name = url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
        if name == "swift-docc-plugin":  # builds the documentation; not in the binary
            continue
        assert f"{name} {version} (" in notices, f"THIRD_PARTY_NOTICES has no entry for {name} {version}: run scripts/third-party-notices.py"
    for library in ["BoringSSL", "libyaml", "cmark", "SQLite", "libxml2", "jemalloc", "ICU", "The Swift project"]:
        assert library in notices


def test_the_dockerfile_copies_both_files() -> None:
    assert "COPY LICENSE THIRD_PARTY_NOTICES /usr/local/share/doc/transcripts/" in (REPO_ROOT / "Dockerfile").read_text()


def test_licenses_prints_where_they_are() -> None:
    binary = os.environ.get("TRANSCRIPTS_BIN")
    if not binary:
        pytest.skip("TRANSCRIPTS_BIN is not set: scripts/test.sh sets it to the debug build")
    output = subprocess.run([binary, "licenses"], check=True, capture_output=True, text=True).stdout.split()
    assert output == [str(REPO_ROOT / "LICENSE"), str(REPO_ROOT / "THIRD_PARTY_NOTICES")]
