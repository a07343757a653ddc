#!/usr/bin/env bash
# Installs what building transcripts needs on a Debian machine with Swift: libcmark-dev, libsqlite3-dev
# (the iMessage importer reads chat.db with it), libxml2-dev (the Telegram HTML importer parses pages with it),
# libarchive-dev (zip and tar archives of exports are read with it), zlib1g-dev (the gzip trailers of compressed
# tars are checked with it), libdeflate-dev (the search index's document files are deflated with it), libjemalloc-dev (release builds allocate with
# jemalloc, linked in), libphonenumber-dev (Google's libphonenumber: phone numbers as E.164, for `people:`),
# libvips-dev (a book's pictures are shrunk and converted with libvips), pkg-config, and libimage-exiftool-perl
# (exiftool: builds strip HEIC pictures and videos of their metadata with it). Idempotent and quiet: it does nothing
# when they are there.
set -euo pipefail
if pkg-config --exists libcmark sqlite3 libxml-2.0 libarchive zlib libdeflate jemalloc vips 2>/dev/null \
    && [ -f /usr/include/phonenumbers/phonenumberutil.h ] && command -v exiftool >/dev/null; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing libcmark-dev, libsqlite3-dev, libxml2-dev, libarchive-dev, zlib1g-dev, libdeflate-dev, libjemalloc-dev, libphonenumber-dev, libvips-dev, pkg-config and libimage-exiftool-perl (apt)"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { $SUDO apt-get update -q && $SUDO apt-get install -y -q --no-install-recommends libcmark-dev libsqlite3-dev libxml2-dev libarchive-dev zlib1g-dev libdeflate-dev libjemalloc-dev libphonenumber-dev libvips-dev pkg-config libimage-exiftool-perl; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "setup: could not install libcmark-dev, libsqlite3-dev, libxml2-dev, libarchive-dev, zlib1g-dev, libdeflate-dev, libjemalloc-dev, libphonenumber-dev, libvips-dev and libimage-exiftool-perl" >&2
    exit 1
fi
rm -f "$log"
