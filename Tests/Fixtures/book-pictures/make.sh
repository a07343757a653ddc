#!/usr/bin/env bash
# Makes the pictures of BookPicturesTests: a 96 × 64 WebP and HEIC of a colour gradient, and a 64 × 64 WebP
# sticker whose right half is transparent. Needs python3, cwebp (Debian: webp) and heif-enc (libheif-examples).
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import struct, sys, zlib
def png(path, w, h, alpha):
    rows = b""
    for y in range(h):
        pixels = (bytes([x * 255 // w, y * 255 // h, 128] + ([255 if x < w // 2 else 96] if alpha else [])) for x in range(w))
        rows += b"\x00" + b"".join(pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
png(sys.argv[1] + "/photo.png", 96, 64, False)
png(sys.argv[1] + "/sticker.png", 64, 64, True)
PY
cwebp -quiet -q 60 "$work/photo.png" -o photo.webp
cwebp -quiet -q 60 -exact "$work/sticker.png" -o sticker.webp
heif-enc -q 40 "$work/photo.png" -o photo.heic
