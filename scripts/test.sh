#!/usr/bin/env bash
# The second README command: installs what the tests need, then runs every test:
# the Swift tests, the C test of the JSON scanner's byte masks, the JSON Schema tests, the tests of scripts/, the
# browser tests (Chromium, the Nu HTML Checker, axe-core) and the fault tests (Tests/faults: killed builds, a full
# disk, serve under load), and the checks that the docs match the code (scripts/check-docs.py) and the dependencies
# their pins (scripts/check-pins.py). Tests over the real samples (../shared/samples, or $TRANSCRIPTS_SAMPLES) are
# skipped, each saying so, when they are absent: scripts/fetch-samples.sh fetches them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/browser-setup.sh
python3 -c 'import jsonschema, referencing' 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check jsonschema referencing
# CLDR's plurals.xml, which the plural rules are checked against (PluralRulesTableTests).
if [ ! -f /usr/share/unicode/cldr/common/supplemental/plurals.xml ]; then
    echo "test: installing unicode-cldr-core (apt)"
    sudo_=$([ "$(id -u)" -ne 0 ] && echo sudo || true)
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends unicode-cldr-core >/dev/null
fi
# SIMDe (NEON's intrinsics in portable C), which the JSON scanner's arm64 byte masks are checked with here.
if [ ! -f /usr/include/simde/arm/neon.h ]; then
    echo "test: installing libsimde-dev (apt)"
    sudo_=$([ "$(id -u)" -ne 0 ] && echo sudo || true)
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends libsimde-dev >/dev/null
fi

# One file, and only one, talks to each C library.
for module in CCmark CSQLite CLibXML2 CPhoneNumbers CLibArchive CVips; do
    count=$(grep -rl "^import $module" Sources | wc -l)
    if [ "$count" -ne 1 ]; then
        echo "test: expected exactly one file to import $module, found $count:" >&2
        grep -rl "^import $module" Sources >&2
        exit 1
    fi
done

# The JSON scanner's byte masks: SSE2, NEON (by SIMDe) and eight bytes at a time give the same masks.
scripts/check-byte-masks.sh
swift build --build-tests
# Every dependency resolved at the version Package.swift pins.
python3 scripts/check-pins.py
# The README and docs/: links resolve, every config key and every flag of the built binary is in the reference.
python3 scripts/check-docs.py --bin .build/debug/transcripts
swift test
TRANSCRIPTS_BIN=.build/debug/transcripts python3 -m pytest -q -rs Tests/schema Tests/scripts Tests/cli Tests/browser
# Builds killed at random moments, a full disk, the preview server under load (docs/faults.md).
TRANSCRIPTS_BIN=.build/debug/transcripts python3 -m pytest -q -rs Tests/faults
