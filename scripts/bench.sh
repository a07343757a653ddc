#!/usr/bin/env bash
# The benchmark in one command: a release build, then a synthetic corpus of N messages (default 100k) built
# three times. Extra arguments go to transcripts-bench (--messages N, --conversations K, --runs R, --format json).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product transcripts --static-swift-stdlib >/dev/null
swift build -c release --product transcripts-bench --static-swift-stdlib >/dev/null
.build/release/transcripts-bench "$@"
