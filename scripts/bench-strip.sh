#!/usr/bin/env bash
# Times stripping media metadata with exiftool: a site of N messages (half HEIC pictures, half MP4 videos, each a
# copy of the test fixtures, a few KB) built clean with privacy.stripMetadata on, then off; RUNS runs each.
#
#   scripts/bench-strip.sh [N] [RUNS]      (default 100 files, 3 runs; TRANSCRIPTS_BIN: the binary, default the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100}"
runs="${2:-3}"
binary="${TRANSCRIPTS_BIN:-.build/debug/transcripts}"
fixtures=Tests/Fixtures/media
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/site/conversations/media"
python3 - "$work/site" "$count" "$fixtures" <<'PY'
import json, shutil, sys
site, count, fixtures = sys.argv[1], int(sys.argv[2]), sys.argv[3]
messages = []
for i in range(count):
    kind, name = ("photo", f"media/p{i}.heic") if i % 2 == 0 else ("video", f"media/v{i}.mp4")
    shutil.copy(f"{fixtures}/{'photo.heic' if kind == 'photo' else 'video.mp4'}", f"{site}/conversations/{name}")
    messages.append({"id": str(i), "sender": "ann", "date": f"2024-05-02T{9 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z",
                     "type": kind, kind: {"file": name}})
json.dump({"format": "transcripts/1", "id": "bench", "title": "Bench", "participants": [{"id": "ann", "name": "Ann"}],
           "messages": messages}, open(f"{site}/conversations/bench.json", "w"))
PY
for setting in true false; do
    printf 'title: Bench\nprivacy:\n  stripMetadata: %s\n' "$setting" >"$work/site/transcripts.yml"
    for run in $(seq "$runs"); do
        /usr/bin/time -f "stripMetadata: $setting, $count files: %e s wall, %U s user, %S s sys" \
            "$binary" build "$work/site" --clean --quiet
    done
done
