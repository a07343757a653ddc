"""libvips is loaded only when a book's pictures are shrunk: `transcripts build` never maps it (it and the hundred
libraries it links cost every run about 22 MB and 30 ms), `transcripts book` loads it for a photo and shrinks the
photo. Which libraries a run loads is read from the dynamic loader's own account (`LD_DEBUG=files`). The binary is
$TRANSCRIPTS_BIN (else .build/debug/transcripts)."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent.parent

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="LD_DEBUG is glibc's")


@pytest.fixture(scope="module")
def binary() -> Path:
    path = Path(os.environ.get("TRANSCRIPTS_BIN", PACKAGE / ".build/debug/transcripts")).resolve()
    if not path.exists():
        pytest.exit(f"no transcripts binary at {path}: run `swift build` first or set TRANSCRIPTS_BIN", returncode=2)
    return path


def grey_jpeg(width: int, height: int) -> bytes:
    """A mid-grey baseline JPEG: every block's coefficients are zero, two one-bit codes each."""
    def segment(marker: int, payload: bytes) -> bytes:
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
    out = b"\xff\xd8" + segment(0xDB, b"\x00" + bytes([1] * 64))
    out += segment(0xC0, b"\x08" + struct.pack(">HH", height, width) + b"\x01\x01\x11\x00")
    out += segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")
    out += segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\x00")
    out += segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")
    bits = ((width + 7) // 8) * ((height + 7) // 8) * 2
    out += b"\x00" * (bits // 8) + (bytes([0xFF >> (bits % 8)]) if bits % 8 else b"")
    return out + b"\xff\xd9"


def loaded_libraries(result: subprocess.CompletedProcess) -> set[str]:
    """The libraries the dynamic loader says it loaded (its `file=NAME [0];  needed by` and `dynamically loaded
    by` lines)."""
    names = set()
    for line in result.stderr.splitlines():
        _, found, rest = line.partition("file=")
        if found and ("needed by" in rest or "dynamically loaded by" in rest):
            names.add(rest.split()[0])
    return names


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("libvips") / "site"
    media = site / "conversations" / "media"
    media.mkdir(parents=True)
    (site / "transcripts.yml").write_text("title: Photos\nme: me\ntimeZone: UTC\n", encoding="utf-8")
    (media / "big.jpg").write_bytes(grey_jpeg(3200, 2400))
    (site / "conversations" / "chat.json").write_text(json.dumps({
        "format": "transcripts/1", "id": "chat", "title": "Photos", "kind": "group",
        "participants": [{"id": "me", "name": "Me"}, {"id": "ann", "name": "Ann"}],
        "messages": [
            {"id": "m1", "sender": "ann", "date": 1_714_521_600, "text": "A photo"},
            {"id": "m2", "sender": "ann", "date": 1_714_521_660, "type": "photo", "photo": {"file": "media/big.jpg"}},
        ]}), encoding="utf-8")
    return site


def run(binary: Path, *arguments: str) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(binary), *arguments], capture_output=True, text=True, timeout=300, env={**os.environ, "LD_DEBUG": "files"})
    assert result.returncode == 0, result.stderr[-4000:]
    return result


def test_the_binary_links_no_libvips(binary):
    linked = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout
    assert "libjemalloc" in linked or "libcmark" in linked  # ldd read the binary
    assert "libvips" not in linked and "libglib" not in linked


def test_a_build_with_a_photo_loads_no_libvips(binary, site, tmp_path):
    result = run(binary, "build", str(site), "--output", str(tmp_path / "out"))
    libraries = loaded_libraries(result)
    assert any(name.startswith("libcmark") for name in libraries), sorted(libraries)
    assert not [name for name in libraries if "libvips" in name or "libglib" in name], sorted(libraries)
    assert (tmp_path / "out" / "index.html").exists()


def test_a_book_loads_libvips_and_shrinks_the_photo(binary, site, tmp_path):
    book = tmp_path / "photos.epub"
    result = run(binary, "book", str(site), "--conversation", "chat", "--output", str(book))
    assert [name for name in loaded_libraries(result) if name.startswith("libvips.so")], result.stderr[-4000:]
    with zipfile.ZipFile(book) as archive:
        photos = [archive.read(name) for name in archive.namelist() if name.startswith("EPUB/media/") and name.endswith(".jpg")]
    assert len(photos) == 1
    frame = photos[0].index(b"\xff\xc0")
    height, width = struct.unpack(">HH", photos[0][frame + 5:frame + 9])
    assert (width, height) == (1600, 1200)
