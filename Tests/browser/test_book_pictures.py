"""A book's pictures: EPUBCheck finds no error and no warning in a book whose photos are a large JPEG turned by its
EXIF orientation, a WebP, a HEIC and a transparent WebP sticker, with an avatar and a file no library reads; the
WebP and HEIC pictures are JPEG and PNG in the book, and the large photo is shrunk to 1600 px."""

from __future__ import annotations

import json
import shutil
import struct
import zipfile
from pathlib import Path

from test_book import epubcheck, make_book

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures" / "book-pictures"


def flat_jpeg(width: int, height: int, orientation: int | None = None) -> bytes:
    """A mid-grey baseline JPEG: every block's coefficients are zero, two one-bit codes each."""
    def segment(marker: int, payload: bytes) -> bytes:
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
    out = b"\xff\xd8"
    if orientation:
        tiff = b"MM\x00\x2a" + struct.pack(">IH", 8, 1) + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + b"\x00" * 4
        out += segment(0xE1, b"Exif\x00\x00" + tiff)
    out += segment(0xDB, b"\x00" + bytes([1] * 64))
    out += segment(0xC0, b"\x08" + struct.pack(">HH", height, width) + b"\x01\x01\x11\x00")
    out += segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")
    out += segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\x00")
    out += segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")
    bits = ((width + 7) // 8) * ((height + 7) // 8) * 2
    out += b"\x00" * (bits // 8) + (bytes([0xFF >> (bits % 8)]) if bits % 8 else b"")
    return out + b"\xff\xd9"


def jpeg_size(data: bytes) -> tuple[int, int]:
    """A JPEG's width and height, from its frame header."""
    position = 2
    while position < len(data):
        marker, length = data[position + 1], struct.unpack(">H", data[position + 2:position + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[position + 5:position + 9])
            return width, height
        position += 2 + length
    raise AssertionError("no frame header")


def test_pictures_are_sized_converted_and_the_book_stays_valid(transcripts_bin, tmp_path):
    site = tmp_path / "site"
    media = site / "conversations" / "media"
    media.mkdir(parents=True)
    (site / "transcripts.yml").write_text("title: Pictures\nme: me\ntimeZone: UTC\n", encoding="utf-8")
    (media / "big.jpg").write_bytes(flat_jpeg(4000, 3000, orientation=6))
    (media / "ann.jpg").write_bytes(flat_jpeg(640, 480))
    (media / "broken.heic").write_bytes(b"not a picture")
    for name in ["photo.webp", "photo.heic", "sticker.webp"]:
        shutil.copy(FIXTURES / name, media / name)
    files = ["big.jpg", "photo.webp", "photo.heic", "sticker.webp", "broken.heic"]
    messages = [{"id": f"p{number}", "sender": "ann", "date": 1_714_521_600 + number * 60,
                 "type": "sticker" if file.startswith("sticker") else "photo",
                 "sticker" if file.startswith("sticker") else "photo": {"file": f"media/{file}"}}
                for number, file in enumerate(files)]
    (site / "conversations" / "chat.json").write_text(json.dumps({
        "format": "transcripts/1", "id": "chat", "title": "Pictures", "kind": "group",
        "participants": [{"id": "me", "name": "Me"}, {"id": "ann", "name": "Ann", "avatar": "media/ann.jpg"}],
        "messages": messages}), encoding="utf-8")
    book = tmp_path / "pictures.epub"
    result = make_book(transcripts_bin, site, "chat", book)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "media/broken.heic cannot be shown in the book" in result.stderr
    epubcheck(book)
    with zipfile.ZipFile(book) as archive:
        names = [name for name in archive.namelist() if name.startswith("EPUB/media/")]
        package = archive.read("EPUB/content.opf").decode("utf-8")
        sizes = {name: jpeg_size(archive.read(name)) for name in names if name.endswith(".jpg")}
    assert not any(name.endswith((".webp", ".heic")) for name in names)
    assert ".webp" not in package and ".heic" not in package
    assert len([name for name in names if name.endswith(".png")]) == 1  # the transparent sticker
    assert (1200, 1600) in sizes.values()  # the large photo, turned and shrunk
    assert (96, 96) in sizes.values()  # the avatar
