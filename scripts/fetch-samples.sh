#!/usr/bin/env bash
# Fetches the real third-party samples the sample tests read (Telegram, Slack, WhatsApp, Signal, Messenger and
# Mattermost exports from other projects' test suites) from their public repositories, at the pinned commits,
# and checks each file's size and SHA-256.
#
#   scripts/fetch-samples.sh [DEST]      DEST defaults to ../shared/samples beside the clone (where the tests,
#                                        and CI, look; TRANSCRIPTS_SAMPLES=DIR points the tests elsewhere)
#
# The list is data/samples-sources.tsv (a copy of ../shared/samples/SOURCES.tsv): file, bytes, sha256, repo,
# path, commit. Each file comes from https://raw.githubusercontent.com/REPO/COMMIT/PATH; a path such as
# `tests/archive.zip!/users.json` is a member of a zip archive (`!/` again for a zip inside it). A file that is
# already there with the right hash is kept. A download whose size or hash differs is not written: the script
# names it, goes on with the others and exits 1. Nothing else is downloaded.
#
# Without the samples the sample tests are skipped (each says so in one line) and every format is still
# covered by our own fixtures. For tests of this script: TRANSCRIPTS_SAMPLES_BASE_URL replaces
# https://raw.githubusercontent.com (file:// works), TRANSCRIPTS_SAMPLES_LIST replaces the list.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$root/../shared/samples}
base=${TRANSCRIPTS_SAMPLES_BASE_URL:-https://raw.githubusercontent.com}
list=${TRANSCRIPTS_SAMPLES_LIST:-$root/data/samples-sources.tsv}
base=${base%/}

for tool in curl python3 sha256sum; do
    command -v "$tool" >/dev/null || { echo "fetch-samples: needs $tool" >&2; exit 1; }
done
[ -f "$list" ] || { echo "fetch-samples: no list at $list" >&2; exit 1; }
mkdir -p "$dest"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The file a URL names, downloaded once per run (archives hold several samples).
download() {
    local url=$1 cached
    cached="$work/downloads/$(printf '%s' "$url" | sha256sum | cut -c1-16)"
    if [ ! -f "$cached" ]; then
        mkdir -p "$work/downloads"
        curl --globoff --fail --silent --show-error --location --retry 2 --max-time 120 -o "$cached.part" "$url" \
            || { rm -f "$cached.part"; return 1; }
        mv "$cached.part" "$cached"
    fi
    printf '%s\n' "$cached"
}

fetched=0 kept=0 failed=0
while IFS=$'\t' read -r file bytes sha repo path commit || [ -n "$file" ]; do
    [ "$file" = "file" ] && continue  # the header
    [ -n "$file" ] || continue
    case "$file" in /* | *..*) echo "fetch-samples: refusing the path $file" >&2; failed=$((failed + 1)); continue ;; esac
    target="$dest/$file"
    if [ -f "$target" ] && [ "$(sha256sum <"$target" | cut -d' ' -f1)" = "$sha" ]; then
        kept=$((kept + 1))
        continue
    fi
    outer=${path%%!/*}
    url="$base/$repo/$commit/$outer"
    if ! source_file=$(download "$url"); then
        echo "fetch-samples: $file: cannot download $url" >&2
        failed=$((failed + 1))
        continue
    fi
    candidate="$work/candidate"
    if [ "$outer" = "$path" ]; then
        cp "$source_file" "$candidate"
    elif ! python3 - "$source_file" "${path#*!/}" "$candidate" <<'PY'
import io, sys, zipfile
data = open(sys.argv[1], "rb").read()
members = sys.argv[2].split("!/")
try:
    for member in members:
        data = zipfile.ZipFile(io.BytesIO(data)).read(member)
except (KeyError, zipfile.BadZipFile) as error:
    sys.exit(f"fetch-samples: {sys.argv[2]}: {error}")
open(sys.argv[3], "wb").write(data)
PY
    then
        echo "fetch-samples: $file: no member ${path#*!/} in $url" >&2
        failed=$((failed + 1))
        continue
    fi
    got_bytes=$(wc -c <"$candidate" | tr -d ' ')
    got_sha=$(sha256sum <"$candidate" | cut -d' ' -f1)
    if [ "$got_bytes" != "$bytes" ] || [ "$got_sha" != "$sha" ]; then
        echo "fetch-samples: $file: MISMATCH from $url: expected $bytes bytes, sha256 $sha; got $got_bytes bytes, sha256 $got_sha (not written)" >&2
        failed=$((failed + 1))
        continue
    fi
    mkdir -p "$(dirname "$target")"
    mv "$candidate" "$target"
    fetched=$((fetched + 1))
done <"$list"

cmp -s "$list" "$dest/SOURCES.tsv" || cp "$list" "$dest/SOURCES.tsv"
echo "fetch-samples: $fetched fetched, $kept already there, $failed failed, in $dest"
[ "$failed" -eq 0 ]
