#!/usr/bin/env bash
# Makes the demo site's generated media in Site/conversations/media/, so they can be made again:
#   tram-28.webm           a 3 s video (VP9 in WebM, no sound): a yellow tram crossing a Lisbon skyline, drawn by
#                          ffmpeg (WebM rather than MP4, whose metadata the build cannot strip: a warning, and
#                          --strict would fail)
#   tram-28.jpg            its poster, the video's first frame
#   voice-2024-10-26-airport.m4a   a voice message (AAC), spoken by espeak-ng
#   tram-bell.m4a          a short sound (AAC): a tram bell made of sine tones
#   sticker-pastel.webp    a sticker (WebP with transparency), a pastel de nata drawn by a few lines of Python
# Needs ffmpeg, espeak-ng, cwebp and python3; on Debian, as root: apt-get install ffmpeg espeak-ng webp
# The files are committed; run this only to change them. The encoders run single-threaded and without
# metadata so that the same tools give the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Site/conversations/media
for tool in ffmpeg espeak-ng cwebp python3; do
    command -v "$tool" >/dev/null || { echo "make-demo-media: needs $tool (apt-get install ffmpeg espeak-ng webp)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quiet=(-hide_banner -loglevel error -y)
exact=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -threads 1)

# The video: sky, river, a skyline of houses, and a tram that crosses from left to right in 3 seconds.
ffmpeg "${quiet[@]}" \
    -f lavfi -i "color=c=0x8ecae6:s=320x180:r=24:d=3" \
    -f lavfi -i "color=c=0xffd23f:s=84x40:r=24:d=3" \
    -filter_complex "[0]drawbox=x=0:y=120:w=320:h=60:c=0x2a6f97:t=fill,\
drawbox=x=20:y=70:w=50:h=50:c=0xf4a261:t=fill,drawbox=x=80:y=55:w=40:h=65:c=0xe9c46a:t=fill,\
drawbox=x=130:y=80:w=60:h=40:c=0xe76f51:t=fill,drawbox=x=200:y=60:w=45:h=60:c=0xf1faee:t=fill,\
drawbox=x=255:y=75:w=50:h=45:c=0xf4a261:t=fill,drawbox=x=0:y=118:w=320:h=4:c=0x444444:t=fill[bg];\
[1]drawbox=x=6:y=6:w=16:h=14:c=0x8ecae6:t=fill,drawbox=x=34:y=6:w=16:h=14:c=0x8ecae6:t=fill,\
drawbox=x=62:y=6:w=16:h=14:c=0x8ecae6:t=fill,drawbox=x=0:y=30:w=84:h=4:c=0xb5651d:t=fill[tram];\
[bg][tram]overlay=x='-84+t*(404/3)':y=80:shortest=1,format=yuv420p" \
    -c:v libvpx-vp9 -crf 40 -b:v 0 -deadline good -cpu-used 1 -row-mt 0 -an "${exact[@]}" "$out/tram-28.webm"
ffmpeg "${quiet[@]}" -ss 1.2 -i "$out/tram-28.webm" -frames:v 1 -q:v 5 "${exact[@]}" "$out/tram-28.jpg"

# The voice message: espeak-ng's voice, 24 kHz mono AAC.
espeak-ng -v en-gb -s 150 -w "$work/voice.wav" \
    "Hi all! From the airport, take the metro to Baixa-Chiado. Twenty minutes, easy."
ffmpeg "${quiet[@]}" -i "$work/voice.wav" -ac 1 -ar 24000 -c:a aac -b:a 24k "${exact[@]}" "$out/voice-2024-10-26-airport.m4a"

# The tram bell: two strikes of a bell (a few sine partials, dying away).
ffmpeg "${quiet[@]}" -f lavfi \
    -i "aevalsrc='(0.5*sin(2*PI*880*t)+0.3*sin(2*PI*1760*t)+0.2*sin(2*PI*2637*t))*exp(-4*mod(t,0.8))*lt(t,1.6)':s=24000:d=2" \
    -ac 1 -c:a aac -b:a 32k "${exact[@]}" "$out/tram-bell.m4a"

# The sticker: a pastel de nata with a face and a white sticker outline on a transparent 256x256 canvas,
# drawn by a few lines of Python (ellipses, 4x4 supersampled) into a PNG that cwebp turns into WebP.
python3 - "$work/sticker.png" <<'PY'
import struct, sys, zlib
size, ss = 256, 4
# (centre x, centre y, radius x, radius y, RGBA), painted in order; the mouth is a dark ellipse under a pale one.
shapes = [
    (128, 140, 114, 88, (255, 255, 255, 255)), (128, 140, 100, 74, (200, 129, 46, 255)),
    (128, 132, 82, 56, (246, 210, 107, 255)), (98, 116, 12, 10, (122, 59, 12, 255)),
    (160, 110, 9, 8, (122, 59, 12, 255)), (118, 96, 7, 6, (122, 59, 12, 255)),
    (106, 134, 8, 9, (59, 36, 20, 255)), (150, 134, 8, 9, (59, 36, 20, 255)),
    (128, 152, 20, 12, (59, 36, 20, 255)), (128, 147, 22, 10, (246, 210, 107, 255)),
]
rows = []
for y in range(size):
    row = bytearray([0])
    for x in range(size):
        total = [0, 0, 0, 0]
        for sy in range(ss):
            for sx in range(ss):
                px, py = x + (sx + 0.5) / ss, y + (sy + 0.5) / ss
                colour = (0, 0, 0, 0)
                for cx, cy, rx, ry, rgba in shapes:
                    if ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1:
                        colour = rgba
                for i in range(4):
                    total[i] += colour[i] * (colour[3] if i < 3 else 255)
        alpha = total[3] // 255
        row += bytes([total[i] // alpha if alpha else 0 for i in range(3)] + [alpha // (ss * ss)])
    rows.append(bytes(row))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
cwebp -quiet -q 80 -alpha_q 100 -metadata none "$work/sticker.png" -o "$out/sticker-pastel.webp"

ls -l "$out"/tram-28.webm "$out"/tram-28.jpg "$out"/voice-2024-10-26-airport.m4a "$out"/tram-bell.m4a "$out"/sticker-pastel.webp
