#!/usr/bin/env bash
# What an incremental build costs: a clean build, two rebuilds with no change, a rebuild after one message's
# text changed, and a clean build to compare the output with (it must be byte-identical).
#
#   scripts/incremental-bench.sh SITE FILE OLD NEW
#
# SITE is a site folder, FILE an export in it, OLD a piece of text in FILE (a message's text) and NEW what it
# becomes for the one-message rebuild (it is changed back at the end). Uses .build/release/transcripts.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$PWD/.build/release/transcripts"
site=$1 file=$2 old=$3 new=$4
[ -x "$binary" ] || { echo "build it first: swift build -c release --product transcripts --static-swift-stdlib" >&2; exit 1; }
grep -qF -- "$old" "$file" || { echo "\"$old\" is not in $file" >&2; exit 1; }
run() { /usr/bin/time -f "  %e s wall, %U s user, %S s system, peak %M KB" "$binary" build "$site" "$@" 2>&1 | grep -E "conversations,|incremental|wall"; }
replace() { python3 -c 'import sys; p, a, b = sys.argv[1:]; s = open(p, encoding="utf-8").read(); open(p, "w", encoding="utf-8").write(s.replace(a, b, 1))' "$file" "$1" "$2"; }
rm -rf "$site/public" "$site/.transcripts-cache"
echo "clean build:"; run
sleep 2.5  # files changed less than 2 s before a build are read again by the next one
echo "no change:"; run
echo "no change:"; run
replace "$old" "$new"
trap 'replace "$new" "$old"' EXIT
sleep 2.5
echo "one message changed:"; run
compare=$(mktemp -d)
cp -a "$site/public" "$compare/incremental"
echo "clean build, to compare:"; run --clean
if diff -r "$compare/incremental" "$site/public" >/dev/null; then echo "  identical to the clean build"; else echo "  DIFFERENT from the clean build"; exit 1; fi
rm -rf "$compare"
