"""Fault tests: builds killed at random moments, a full disk, a preview server under load and malformed
requests. They run the real `transcripts` binary (TRANSCRIPTS_BIN, else .build/debug/transcripts) on sites
written into temporary folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import fault_support as support


@pytest.fixture(scope="session")
def transcripts_bin() -> Path:
    binary = Path(os.environ.get("TRANSCRIPTS_BIN", support.PACKAGE / ".build/debug/transcripts")).resolve()
    if not binary.exists():
        pytest.exit(f"no transcripts binary at {binary}: run `swift build` first or set TRANSCRIPTS_BIN", returncode=2)
    return binary
