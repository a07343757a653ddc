#!/usr/bin/env bash
# Fuzzes the importers, the canonical reader, the config loader and the template compiler with libFuzzer and the
# address sanitizer (docs/fuzzing.md).
#
#   scripts/fuzz.sh [SECONDS] [TARGET ...]
#
# Builds the Fuzz/ package into .build-fuzz, makes each target's seeds and dictionary (scripts/fuzz-seeds.py),
# runs each target for SECONDS (default 20) and prints a table: target, runs, CPU seconds, coverage gained,
# crashes. Each target starts from the minimised corpus committed in Fuzz/corpus/<target>; what a run finds grows
# in .build-fuzz/corpus (FUZZ_CORPUS), so a later run goes on from there, and FUZZ_MERGE=1 minimises both into
# Fuzz/corpus (to commit) after the runs. Exits non-zero when a target crashed, hung (-timeout) or ran out of
# memory (-rss_limit_mb), printing the input kept. TARGET is a name without "Fuzz" (Telegram, Slack, ...); all by
# default. FUZZ_JOBS=N runs N targets at once.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-20}
shift || true
all=(Telegram TelegramHTML Slack Discord Messenger Mattermost Signal IRC Matrix WhatsApp GoogleChat IMessage
     Canonical CanonicalLines Detect Config Templates Render Merge)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

scratch=.build-fuzz
work=${FUZZ_CORPUS:-$scratch/corpus}
echo "== building the fuzz targets (address sanitizer, libFuzzer coverage)"
# SwiftPM plans the build again only when the root manifest changed: without this, a source file added to the
# main package since the last fuzz build would be left out of it.
touch Fuzz/Package.swift
# The targets' own objects are made again every time (they are small): an incremental build skips them when only
# the library's internal stored properties changed, and a target compiled against a struct's old size corrupts its
# own stack (`TemplateSet` returned into too little room).
rm -rf "$scratch"/*/debug/Fuzz*.build "$scratch"/debug/Fuzz*.build
swift build -c debug --package-path Fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer 2>&1 \
    | grep -v -e "Cannot export local symbol" -e "unhandled; explicitly declare them" || true
bin=$(swift build -c debug --package-path Fuzz --scratch-path "$scratch" --show-bin-path)
# The fuzz package resolves the main package's dependencies at the versions Package.swift pins.
python3 scripts/check-pins.py Fuzz .
for target in "${targets[@]}"; do
    [ -x "$bin/Fuzz$target" ] || { echo "no fuzz target Fuzz$target (targets: ${all[*]})" >&2; exit 2; }
done

# libFuzzer writes what it finds into the first folder only: the committed corpus changes only by FUZZ_MERGE.
committed=Fuzz/corpus
mkdir -p "$work" "$work/crashes" "$work/logs"
for target in "${targets[@]}"; do mkdir -p "$committed/$target"; done
python3 scripts/fuzz-seeds.py "$work" "${targets[@]}" >/dev/null
# libFuzzer's children (-fork) and the sanitizer symbolize with llvm-symbolizer when it is on the PATH.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

run() {
    local target=$1 log="$work/logs/$1.log"
    mkdir -p "$work/corpus/$target"
    local start=$SECONDS rc=0
    # TIMEFORMAT: the user and system CPU seconds of the run, appended to the log for the table.
    { TIMEFORMAT='cpu-seconds %U %S'; time "$bin/Fuzz$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -dict="$work/$target.dict" -artifact_prefix="$work/crashes/$target-" -print_final_stats=1 \
        "$work/corpus/$target" "$committed/$target" "$work/seeds/$target" >"$log" 2>&1 || rc=$?; } 2>>"$log"
    echo "exit-code $rc" >>"$log"
}

echo "== fuzzing ${#targets[@]} target(s) for ${seconds}s each"
jobs_at_once=${FUZZ_JOBS:-1}
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
    run "$target" &
done
wait

failed=0
printf '%-15s %10s %8s %14s %s\n' target runs cpu-s coverage crashes
for target in "${targets[@]}"; do
    log="$work/logs/$target.log"
    runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
    cpu=$(awk '/^cpu-seconds/ {printf "%.0f", $2 + $3}' "$log" | tail -1)
    # The first and the last coverage figure, read in one pass (a pipe into `head` would end the script with
    # SIGPIPE under pipefail when the log is long).
    read -r first last < <(awk 'match($0, /cov: [0-9]+/) { value = substr($0, RSTART + 5, RLENGTH - 5); if (first == "") first = value; last = value }
                                 END { print (first == "" ? "0" : first), (last == "" ? "0" : last) }' "$log")
    rc=$(awk '/^exit-code/ {print $2}' "$log" | tail -1)
    found=$(grep -o "Test unit written to .*" "$log" | sed 's/Test unit written to //' || true)
    # A run ended by SIGINT (Ctrl-C, or `kill -INT` to free the machine) that kept no input found nothing.
    if [ "$rc" != 0 ] && [ -z "$found" ] && grep -q "libFuzzer: run interrupted" "$log"; then
        printf '%-15s %10s %8s %14s %s\n' "$target" "${runs:-?}" "${cpu:-?}" "${first:-?}+$(( ${last:-0} - ${first:-0} ))" "0 (stopped early)"
        continue
    fi
    printf '%-15s %10s %8s %14s %s\n' "$target" "${runs:-?}" "${cpu:-?}" "${first:-?}+$(( ${last:-0} - ${first:-0} ))" \
        "$([ "$rc" = 0 ] && echo 0 || echo "CRASH (exit $rc): ${found:-see $log}")"
    if [ "$rc" != 0 ]; then
        failed=1
        grep -m1 -E "ERROR: (AddressSanitizer|libFuzzer)|Fatal error|==ERROR" "$log" >&2 || true
    fi
done
[ "$failed" = 0 ] || { echo "fuzzing found a crash, hang or memory blow-up: logs in $work/logs" >&2; exit 1; }

# The committed corpus, minimised: the fewest inputs of the old corpus and this run's that reach all their coverage.
if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    for target in "${targets[@]}"; do
        rm -rf "$committed/$target.new" && mkdir -p "$committed/$target.new"
        "$bin/Fuzz$target" -merge=1 -rss_limit_mb=2048 -timeout=10 "$committed/$target.new" "$committed/$target" \
            "$work/corpus/$target" >"$work/logs/$target-merge.log" 2>&1 \
            || { echo "merging the corpus of $target failed: $work/logs/$target-merge.log" >&2; exit 1; }
        rm -rf "$committed/$target" && mv "$committed/$target.new" "$committed/$target"
        echo "Fuzz/corpus/$target: $(find "$committed/$target" -type f | wc -l) inputs, $(du -sk "$committed/$target" | cut -f1) KB"
    done
fi
