"""libvips is loaded only when a book's pictures are converted: `transcripts build` never maps it (it and the hundred
libraries it links cost every run about 22 MB and 30 ms), `transcripts book` loads it for a WebP photo and writes the
photo as a JPEG. Which libraries a run loads is read from the dynamic loader's own account (`LD_DEBUG=files`)."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures" / "book-pictures"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="LD_DEBUG is glibc's")


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
    shutil.copy(FIXTURES / "photo.webp", media / "photo.webp")
    (site / "conversations" / "chat.json").write_text(json.dumps({
        "format": "transcripts/1", "id": "chat", "title": "Photos", "kind": "group",
        "participants": [{"id": "me", "name": "Me"}, {"id": "ann", "name": "Ann"}],
        "messages": [
            {"id": "m1", "sender": "ann", "date": 1_714_521_600, "text": "A photo"},
            {"id": "m2", "sender": "ann", "date": 1_714_521_660, "type": "photo", "photo": {"file": "media/photo.webp"}},
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


def test_a_book_loads_libvips_and_converts_the_photo(binary, site, tmp_path):
    book = tmp_path / "photos.epub"
    result = run(binary, "book", str(site), "--conversation", "chat", "--output", str(book))
    assert [name for name in loaded_libraries(result) if name.startswith("libvips.so")], result.stderr[-4000:]
    with zipfile.ZipFile(book) as archive:
        media = [name for name in archive.namelist() if name.startswith("EPUB/media/")]
        photos = [archive.read(name) for name in media if name.endswith(".jpg")]
    assert not [name for name in media if name.endswith(".webp")]
    assert len(photos) == 1
    frame = photos[0].index(b"\xff\xc0")
    assert struct.unpack(">HH", photos[0][frame + 5:frame + 9]) == (64, 96)  # height, width
