#!/usr/bin/env bats
# tests/report/golden.bats -- every committed fixture's outputs byte for byte
# against tests/fixtures/golden/<fixture>/ (made by tests/report/golden.sh
# update, `make golden`): a refactor that changes a figure, a verdict's
# wording, a chart's rows or the report fails here. A deliberate change
# regenerates the golden files in a commit of its own that names it.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
}

# golden_check NAME: render tests/fixtures/NAME and diff it with its golden copy.
golden_check() {
    local name=$1 golden=$ROOT/tests/fixtures/golden/$1
    [ -d "$golden" ]
    run bash "$ROOT/tests/report/golden.sh" render "$ROOT/tests/fixtures/$name" "$BATS_TEST_TMPDIR/$name"
    [ "$status" -eq 0 ]
    run diff -r "$golden" "$BATS_TEST_TMPDIR/$name"
    [ "$status" -eq 0 ] || { echo "$output" | head -40; false; }
}

@test "golden: every fixture has golden outputs, and every golden set a fixture" {
    local fx names=() gold=()
    for fx in "$ROOT"/tests/fixtures/results-*/; do fx=${fx%/}; names+=("${fx##*/}"); done
    for fx in "$ROOT"/tests/fixtures/golden/*/; do fx=${fx%/}; gold+=("${fx##*/}"); done
    [ "${#names[@]}" -ge 2 ]
    # a new fixture needs its golden outputs: `make golden`, then commit them
    [ "${names[*]}" = "${gold[*]}" ] || { echo "fixtures: ${names[*]}; golden: ${gold[*]} (make golden)"; false; }
    for fx in "${gold[@]}"; do
        [ -s "$ROOT/tests/fixtures/golden/$fx/summary.csv" ]
        [ -s "$ROOT/tests/fixtures/golden/$fx/verdicts.txt" ]
    done
}

@test "golden: every fixture byte for byte (results-small: legacy layout; results-procs: placement, load kinds, K processes; results-cold: a cold-only job)" {
    local fx
    for fx in "$ROOT"/tests/fixtures/results-*/; do
        fx=${fx%/}
        golden_check "${fx##*/}"
    done
}

@test "golden: a changed figure is caught" {
    local name=results-small w=$BATS_TEST_TMPDIR/changed
    cp -r "$ROOT/tests/fixtures/$name" "$w"
    sed -i '3s/,6\.120000,/,6.130000,/' "$w/samples.csv"
    mkdir -p "$BATS_TEST_TMPDIR/x"
    mv "$w" "$BATS_TEST_TMPDIR/x/$name"
    run bash "$ROOT/tests/report/golden.sh" render "$BATS_TEST_TMPDIR/x/$name" "$BATS_TEST_TMPDIR/out"
    [ "$status" -eq 0 ]
    run ! diff -q "$ROOT/tests/fixtures/golden/$name/summary.csv" "$BATS_TEST_TMPDIR/out/summary.csv"
}

# The golden files are what the code wrote: beside them, one figure of each
# report section worked out here from its fixture's raw rows (awk over the
# CSVs, not the summarizer) and found, as the page prints it, in the golden
# report. The Charts, Runs and Metadata sections copy what they show (no
# figure of theirs is computed); no fixture's map of when threads hurt has a
# scan to draw.

# median: the median of the numbers on stdin, one a line.
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
# fig FIXTURE FILE CONDITION COLUMN: COLUMN of FILE's rows where the awk
# CONDITION holds (c["name"] a column's index), one a line.
fig() {
    awk -F, -v want="$4" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } '"$3"' { print $c[want] }' \
        "$ROOT/tests/fixtures/$1/$2"
}
# section FIXTURE HEADING: the golden report's section under "## HEADING".
section() {
    awk -v h="## $2" '$0 == h { on = 1; next } on && /^## / { exit } on' "$ROOT/tests/fixtures/golden/$1/report.md"
}

@test "by hand: is the first run slow -- grad's dropcache and same copies, medians of hyperfine's whole-process times, and their ratio" {
    local drop same
    drop=$(fig results-small whole.csv '$c["workload"] == "grad" && $c["copy"] == "dropcache" && $c["tool"] == "hyperfine"' wall_ms | median)
    same=$(fig results-small whole.csv '$c["workload"] == "grad" && $c["copy"] == "same" && $c["tool"] == "hyperfine"' wall_ms | median)
    [ "$drop" = 84.4565 ]
    [ "$same" = 2.841 ]
    [ "$(awk -v a="$drop" -v b="$same" 'BEGIN { printf "%.1f", a / b }')" = 29.7 ]
    section results-small "Is the first run slow here, and why?" | grep -qF '**Yes: a cold start of grad takes 29.7x the cached one (84.457 vs 2.841 ms).**'
}

@test "by hand: do threads hurt -- svdvals width 2, the loaded steady median over the idle one" {
    local idle loaded
    idle=$(fig results-small samples.csv '$c["workload"] == "svdvals" && $c["width"] == 2 && $c["phase"] == "steady" && $c["condition"] == "idle"' ms | median)
    loaded=$(fig results-small samples.csv '$c["workload"] == "svdvals" && $c["width"] == 2 && $c["phase"] == "steady" && $c["condition"] == "loaded"' ms | median)
    [ "$idle" = 3.730236 ]
    [ "$loaded" = 1227.106242 ]
    [ "$(awk -v a="$loaded" -v b="$idle" 'BEGIN { printf "%.0f", a / b }')" = 329 ]
    section results-small "Do threads hurt under full load here?" | grep -qF '| svdvals size=256 w2 block, loaded S=2 | 3.730 | 1227 | 1 of 1 | 329x (329x-329x) |'
}

@test "by hand: verdicts -- grad's fresh copy, the median first run over the steady minimum" {
    local first min
    first=$(fig results-small samples.csv '$c["workload"] == "grad" && $c["copy"] == "fresh" && $c["phase"] == "first"' ms | median)
    min=$(fig results-small samples.csv '$c["workload"] == "grad" && $c["copy"] == "fresh" && $c["phase"] == "steady"' ms | sort -g | head -n1)
    [ "$first" = 5.87 ]
    [ "$min" = 0.015000 ]
    [ "$(awk -v a="$first" -v b="$min" 'BEGIN { printf "%.0f", a / b }')" = 391 ]
    section results-small Verdicts | grep -qF '| **WARN first-run** | grad n=1000, width 1, wait block, idle, copy fresh | first 5.870 ms vs steady min 0.0150 ms = 391x (\>= 100)'
}

@test "by hand: summary -- svdvals width 2 loaded, its steady runs' count, minimum, median and maximum" {
    local ms
    ms=$(fig results-small samples.csv '$c["workload"] == "svdvals" && $c["width"] == 2 && $c["phase"] == "steady" && $c["condition"] == "loaded"' ms)
    [ "$(wc -l <<<"$ms")" -eq 5 ]
    [ "$(sort -g <<<"$ms" | head -n1)" = 980.000000 ]
    [ "$(median <<<"$ms")" = 1227.106242 ]
    [ "$(sort -g <<<"$ms" | tail -n1)" = 4500.000000 ]
    section results-small Summary | grep -qF '| svdvals size=256, width 2, wait block, loaded (stressors 2), copy inplace | 1 | 5 | - | 1510 | 980.0 | 1227 | 4500 |'
}

@test "by hand: what the cold start read -- the evicted program's pages read (per copy, then the median) and its ms over the same copy" {
    local pages evicted same
    pages=$(awk -F'\t' '$1 == "binary" && $2 == "evicted" { s[$3] += $9 } END { for (k in s) print s[k] }' \
        "$ROOT/tests/fixtures/results-cold/cold-pages.tsv" | median)
    evicted=$(fig results-cold whole.csv '$c["copy"] == "evicted" && $c["tool"] == "hyperfine"' wall_ms | median)
    same=$(fig results-cold whole.csv '$c["copy"] == "same" && $c["tool"] == "hyperfine"' wall_ms | median)
    [ "$pages" = 9 ]
    [ "$(awk -v a="$evicted" -v b="$same" 'BEGIN { printf "%+.3f", a - b }')" = +1.478 ]
    section results-cold "What the cold start read" | grep -qxF '**the program, evicted: +1.478 ms over same, 9 pages read from disk (2 copies)**'
}

@test "by hand: where the first run's milliseconds go -- grad's same copy, exec to main plus main to the first result, the median over its processes" {
    local total
    total=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["workload"] == "grad" && $c["variant"] == "base" && $c["copy"] == "same" && ($c["phase"] == "exec_to_main" || $c["phase"] == "main_to_first") {
            t[$c["run_id"]] += $c["ms"] } END { for (r in t) print t[r] }' "$ROOT/tests/fixtures/results-firstrun/firstrun.csv" | median)
    [ "$total" = 20.3 ]
    section results-firstrun "Where the first run's milliseconds go" | grep -qF '**grad, same: 20.300 ms from exec to the first result'
}

@test "by hand: which width to use -- under pinned load width 1's median run, with its range" {
    local w
    w=$(fig results-threads-censored runs.csv '$c["load"] == "pinned" && $c["width"] == 1' wall_ms)
    [ "$(median <<<"$w")" = 1830.418 ]
    section results-threads-censored "Which width to use" | grep -qF '| pinned load (2 workers) | 1 | 1 | 1830 (1796-1862) |'
}

@test "by hand: what fixes it here -- OMP_WAIT_POLICY=passive (remedy r0), the median of its runs" {
    [ "$(fig results-threads-remedies remedies/r0/runs.csv '1' wall_ms | median)" = 232.285 ]
    section results-threads-remedies "What fixes it here" | grep -qF '| pinned load (2 workers) | OMP\_WAIT\_POLICY=passive | 232.3 (223.5-503.9) |'
}
