#!/usr/bin/env bash
# Builds the demo site and the benchmark corpus (Telegram and Slack, from ../shared/bench/gen_corpus.py) with
# two transcripts binaries and checks that they write the same bytes: a restructuring must not change output.
#
#   scripts/compare-output.sh BEFORE [MESSAGES]
#
# BEFORE is a transcripts binary or a git ref (built in release mode in a worktree of its own under
# .build-compare/); MESSAGES is the corpus size (default 20k). The current checkout is built in release mode.
# Exits 1 and lists the differing files when an output differs.
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: scripts/compare-output.sh BEFORE-BINARY-OR-GIT-REF [MESSAGES]}
messages=${2:-20k}
scripts/setup.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -x "$before" ] && [ -f "$before" ]; then
    before_bin=$(realpath "$before")
else
    tree=.build-compare/tree
    git worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    git worktree add --detach "$tree" "$before" >/dev/null
    swift build -c release --product transcripts --static-swift-stdlib --package-path "$tree" --scratch-path .build-compare/build >/dev/null
    before_bin=$(realpath .build-compare/build/release/transcripts)
    git worktree remove --force "$tree"
fi
swift build -c release --product transcripts --static-swift-stdlib >/dev/null 2>&1
after_bin=$(realpath .build/release/transcripts)

corpus=$work/corpus
python3 ../shared/bench/gen_corpus.py "$messages" --out "$corpus" --formats telegram,slack >/dev/null 2>&1

# Each binary builds its own copy of each site, so that neither sees the other's cache.
make_site() { # name, config lines
    mkdir -p "$work/$1"
    printf '%b' "$2" >"$work/$1/transcripts.yml"
}
status=0
compare() { # name, source folder (copied for each binary)
    for side in before after; do
        rm -rf "$work/$side-$1"
        cp -R "$2" "$work/$side-$1"
        bin=$before_bin
        [ "$side" = after ] && bin=$after_bin
        "$bin" build "$work/$side-$1" --output "$work/$side-$1-out" >/dev/null
    done
    if diff -r -q "$work/before-$1-out" "$work/after-$1-out" >"$work/diff-$1"; then
        echo "compare-output: $1: identical ($(find "$work/after-$1-out" -type f | wc -l) files)"
    else
        echo "compare-output: $1: DIFFERENT" >&2
        head -20 "$work/diff-$1" >&2
        status=1
    fi
}
mkdir -p "$work/demo"
cp -R Site/transcripts.yml Site/conversations Site/Templates "$work/demo/"
compare demo "$work/demo"
make_site telegram "title: Telegram corpus\ntimeZone: UTC\ninputs: [\"$corpus/telegram/result.json\"]\n"
compare telegram "$work/telegram"
make_site slack "title: Slack corpus\ntimeZone: UTC\ninputs: [\"$corpus/slack\"]\n"
compare slack "$work/slack"
exit $status
