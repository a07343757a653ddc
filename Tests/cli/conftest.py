"""What the command-line tests share: the binary they run, $TRANSCRIPTS_BIN (else .build/debug/transcripts)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="session")
def binary() -> Path:
    path = Path(os.environ.get("TRANSCRIPTS_BIN", PACKAGE / ".build/debug/transcripts")).resolve()
    if not path.exists():
        pytest.exit(f"no transcripts binary at {path}: run `swift build` first or set TRANSCRIPTS_BIN", returncode=2)
    return path
