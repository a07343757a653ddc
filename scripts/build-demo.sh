#!/usr/bin/env bash
# The first README command: builds transcripts and the demo site in Site/ into Site/public/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product transcripts
.build/release/transcripts build Site
echo "Open $(pwd)/Site/public/index.html in a browser."
