#!/usr/bin/env bash
# Builds the library's documentation (DocC, swiftlang/swift-docc-plugin): the articles of
# Sources/TranscriptKit/TranscriptKit.docc and every library target's API, in one archive whose links between
# targets resolve. Any DocC warning (a broken link, say) fails it.
#
#   scripts/docs.sh [OUT]              OUT: the folder to write (default: .build/docs); the archive is
#                                      OUT/transcripts.doccarchive, ready for a static host
#   scripts/docs.sh --preview          serves the articles' target (TranscriptKit) at http://localhost:8080
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
targets=(TranscriptSupport TranscriptJSON TranscriptModel TranscriptImport TranscriptText TranscriptDisplay TranscriptSearch
         TranscriptTemplates TranscriptRender TranscriptSite TranscriptServe TranscriptKit)
if [ "${1:-}" = "--preview" ]; then
    exec swift package --disable-sandbox preview-documentation --target TranscriptKit
fi
out="${1:-.build/docs}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done
log=$(mktemp)
swift package --allow-writing-to-directory "$out" generate-documentation "${arguments[@]}" \
    --enable-experimental-combined-documentation --warnings-as-errors \
    --transform-for-static-hosting --output-path "$out/transcripts.doccarchive" 2>&1 | tee "$log" | grep -E "^(warning|error)" | grep -v "zipfoundation" || true
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ] || grep -q "^error\|doesn't exist at" "$log"; then
    echo "docs: DocC failed or found problems; the whole log: $log" >&2
    exit 1
fi
test -f "$out/transcripts.doccarchive/data/documentation/transcriptkit/gettingstarted.json"
rm -f "$log"
echo "docs: $out/transcripts.doccarchive"
