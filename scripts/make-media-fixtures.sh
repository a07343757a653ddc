#!/usr/bin/env bash
# Makes the media files the metadata tests read (Tests/Fixtures/media), a few KB each, as a
# phone would leave them: a one-frame MP4 and MOV and a short M4A (ffmpeg) with a location, a GPS position,
# make, model and dates (exiftool), rotated 90°; a HEIC picture (libheif's heif-enc) with an EXIF GPS position,
# make, model, serial number, date and orientation, and XMP. The files are committed: the tests need exiftool
# only, not ffmpeg or heif-enc. Needs ffmpeg, heif-enc and exiftool (Debian: apt-get install ffmpeg
# libheif-examples libimage-exiftool-perl).
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/Fixtures/media
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The Eiffel Tower, as the tests look for it.
location="+48.8584+002.2945/"
ff=(ffmpeg -nostdin -loglevel error -y -fflags +bitexact)
"${ff[@]}" -f lavfi -i color=c=red:s=16x16:d=0.04 -frames:v 1 -c:v libx264 -pix_fmt yuv420p -flags +bitexact \
    -metadata location="$location" -metadata creation_time=2024-05-02T09:00:00Z "$work/video.mp4"
"${ff[@]}" -f lavfi -i color=c=blue:s=16x16:d=0.04 -frames:v 1 -c:v libx264 -pix_fmt yuv420p -flags +bitexact \
    -metadata location="$location" -metadata creation_time=2024-05-02T09:00:00Z "$work/video.mov"
"${ff[@]}" -f lavfi -i sine=d=0.1 -c:a aac -flags +bitexact \
    -metadata location="$location" -metadata title="Rue Cler" -metadata creation_time=2024-05-02T09:00:00Z "$work/voice.m4a"
for file in video.mp4 video.mov; do
    exiftool -q -overwrite_original -Rotation=90 \
        -Keys:GPSCoordinates#="48.8584 2.2945 35" -Keys:Make=Apple -Keys:Model="iPhone 15 Pro" -Keys:Software=17.4 \
        -Keys:CreationDate="2024:05:02 11:00:00+02:00" -UserData:GPSCoordinates#="48.8584 2.2945 35" \
        -UserData:Make=Apple -UserData:Model="iPhone 15 Pro" -XMP:GPSLatitude=48.8584 -XMP:GPSLongitude=2.2945 \
        "$work/$file"
done

"${ff[@]}" -f lavfi -i color=c=green:s=64x64 -frames:v 1 "$work/green.png"
heif-enc -q 30 "$work/green.png" -o "$work/photo.heic" >/dev/null
exiftool -q -overwrite_original -GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E \
    -Make=Apple -Model="iPhone 15 Pro" -SerialNumber=F2LXQ0C1N7Y4 -DateTimeOriginal="2024:05:02 11:00:00" \
    -Orientation#=6 -XMP:CreatorTool="iPhone 15 Pro" "$work/photo.heic"

for file in video.mp4 video.mov voice.m4a photo.heic; do
    cp "$work/$file" "$out/$file"
    echo "$out/$file: $(wc -c <"$out/$file") bytes"
done
