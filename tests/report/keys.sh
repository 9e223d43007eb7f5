#!/usr/bin/env bash
# tests/report/keys.sh OUTDIR -- the shape of every output file coldload-summarize
# writes for each committed fixture, and of each plan: a CSV's or TSV's header
# line, a .dat file's first line, a JSON file's key paths (array indices as
# []), one line each as "FIXTURE FILE: SHAPE", sorted. keys.bats compares it
# with tests/fixtures/keys/expected.txt, so no column or key is dropped
# unseen. OUTDIR: where the fixtures are copied and summarised.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SUMMARIZE=$ROOT/build/coldload-summarize
OUT=$1
for f in "$ROOT"/tests/fixtures/results-*; do
    n=${f##*/}
    cp -r "$f" "$OUT/$n"
    "$SUMMARIZE" "$OUT/$n" >/dev/null 2>&1
    (
        cd "$OUT/$n"
        for c in summary.csv plots/*.dat; do
            [ -f "$c" ] && printf '%s %s: %s\n' "$n" "$c" "$(head -1 "$c")"
        done
        for j in results.json hyperfine.json; do
            [ -f "$j" ] || continue
            jq -r 'paths | map(if type == "number" then "[]" else . end) | join(".")' "$j" |
                sort -u | sed "s|^|$n $j: |"
        done
    )
done
# the plans' headers (export/plan.h), each of the fixture its test uses
plan() {
    local flag=$1 dir=$2
    shift 2
    printf 'plan %s: %s\n' "$flag" "$("$SUMMARIZE" "$flag" "$@" "$OUT/$dir" | head -1)"
}
plan --decided results-procs
plan --threads-decided results-threads
plan --firstrun-decided results-firstrun 0.1
plan --threads-remedies results-threads-remedies all --load pinned --stressors 2
plan --ab-decided results-threads 0.03
# coldload-compare's outputs (compare.csv, plots/compare.dat, its hyperfine export)
"$ROOT/build/coldload-compare" --out "$OUT/compare" --export-hyperfine "$OUT/compare-hf.json" \
    "$OUT/results-small" "$OUT/results-procs" >/dev/null 2>&1
printf 'compare compare.csv: %s\n' "$(grep -v '^#' "$OUT/compare/compare.csv" | head -1)"
printf 'compare plots/compare.dat: %s\n' "$(head -1 "$OUT/compare/plots/compare.dat")"
jq -r 'paths | map(if type == "number" then "[]" else . end) | join(".")' "$OUT/compare-hf.json" |
    sort -u | sed 's|^|compare hyperfine.json: |'
