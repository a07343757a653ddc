#!/usr/bin/env bash
# The steps of docs/ci.md's GitHub Actions workflow (Examples/ci/publish.yml), run here: installs what
# transcripts links, builds transcripts, builds SITE with --strict and a report, and packs the site as
# actions/upload-pages-artifact does (a tar of the output folder), checking what it packed.
#
#   scripts/ci-publish.sh [SITE] [WORK]     SITE: the site folder (default: Site); WORK: where the output,
#                                           report and artifact go (default: a new temporary folder)
#   TRANSCRIPTS_CONFIGURATION=debug ...     use (and build) the debug binary instead of release (.ci does,
#                                           to reuse the tests' build)
set -euo pipefail
cd "$(dirname "$0")/.."
site="${1:-Site}"
work="${2:-$(mktemp -d -t transcripts-publish-XXXXXX)}"
configuration="${TRANSCRIPTS_CONFIGURATION:-release}"

echo "== Install what transcripts links"
scripts/setup.sh
echo "== Build transcripts ($configuration)"
# A release build links the Swift runtime and Foundation in (as scripts/build-demo.sh does).
static=(); [ "$configuration" = release ] && static=(--static-swift-stdlib)
swift build -c "$configuration" --product transcripts "${static[@]}"
binary=".build/$configuration/transcripts"
echo "== Build the site"
mkdir -p "$work"
"$binary" build "$site" --output "$work/public" --strict --report "$work/report.json"
echo "== Pack the site for GitHub Pages"
tar --dereference --hard-dereference --directory "$work/public" -cf "$work/artifact.tar" .
# What a Pages deployment needs: an index at the top, and nothing that is not a regular file or folder.
tar -tf "$work/artifact.tar" | grep -x './index.html' >/dev/null || { echo "ci-publish: the artifact has no index.html" >&2; exit 1; }
python3 - "$work/report.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["conversations"], "the report names no conversation"
assert report["warnings"] == [], report["warnings"]
print(f"report: {len(report['conversations'])} conversations, {report['messagesRendered']} messages rendered, {report['files']} files")
PY
echo "ci-publish: $(tar -tf "$work/artifact.tar" | grep -c -v '/$') files, $(du -h "$work/artifact.tar" | cut -f1) in $work/artifact.tar"
