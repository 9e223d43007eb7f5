#!/usr/bin/env bats
# tests/compare/compare.bats -- coldload-compare on synthetic results
# directories written as the binaries write them (tests/report/helpers.bash):
# a 2x slower cell is significant, an identical re-run is not, a changed
# checksum is an ERROR, cells only one input has are listed, inputs with
# no cell in common a note and a page without a chart, bad input is
# "file:line: what" and exit 2 (the chart, and compare.html in headless
# Chromium: tests/long/browser.bats).

bats_require_minimum_version 1.5.0
load ../report/helpers

COMPARE=$ROOT/build/coldload-compare

setup() {
    [ -x "$COMPARE" ] || skip "build/coldload-compare is not built (make)"
    A=$BATS_TEST_TMPDIR/a B=$BATS_TEST_TMPDIR/b O=$BATS_TEST_TMPDIR/out
    mkdir -p "$A" "$B"
}

# cell DIR WORKLOAD WIDTH FIRST "STEADY..." [FACTOR]: $PROCS (default three)
# idle processes of one cell, every time multiplied by FACTOR (default 1).
cell() {
    local dir=$1 w=$2 width=$3 first=$4 steady=$5 f=${6:-1} p ms scaled
    for ((p = 1; p <= ${PROCS:-3}; p++)); do
        scaled=''
        for ms in $steady; do scaled+=" $(awk -v a="$ms" -v f="$f" -v p="$p" 'BEGIN { printf "%.4f", a * f * (1 + 0.01 * p) }')"; done
        pseries "$dir/samples.csv" "$w" "$width" none "$p" 1 "$(awk -v a="$first" -v f="$f" 'BEGIN { print a * f }')" "$scaled"
    done
}

# The copy tag of DIR's ordinary runs as the helpers write them: cell names
# below are built from it rather than spelled out.
# (the summary reads an old "warm" as "inplace", and names the cell so)
copy_of() {
    local c
    c=$(col "$1/samples.csv" 'NR == 2' copy)
    if [ "$c" = warm ]; then echo inplace; else echo "$c"; fi
}

# The named compare.csv columns of the rows where the awk condition holds.
ccol() { col "$O/compare.csv" "$@"; }

@test "a 2x slower cell is significant, an unchanged one in the same inputs is not" {
    PROCS=4 # the rank test's two-sided 5 % needs 4 processes a side
    cell "$A" svdvals 1 6.0 "5.6 5.7 5.8 5.65 5.75 5.62"
    cell "$B" svdvals 1 6.0 "5.6 5.7 5.8 5.65 5.75 5.62" 2
    # the unchanged cells the drift between the two runs is estimated from
    for w in 1 2; do
        cell "$A" grad $w 0.05 "0.015 0.016 0.017 0.0155 0.0165"
        cell "$B" grad $w 0.05 "0.015 0.016 0.017 0.0155 0.0165"
    done
    run "$COMPARE" --out "$O" --label before --label after "$A" "$B"
    [ "$status" -eq 0 ]
    [[ $output == *"NOTE slower: svdvals size=256, width 1, wait block, idle, copy $(copy_of "$A") (steady): "*" ms in after against "*" ms in before: 2x ["* ]]
    read -r ratio lo hi sig < <(ccol '$c["workload"] == "svdvals" && $c["metric"] == "steady"' ratio ratio_lo ratio_hi significant)
    awk -v r="$ratio" 'BEGIN { exit !(r > 1.999 && r < 2.001) }'
    awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l > 1.5 && l < 2 && h > 2 && h < 2.5) }'
    [ "$sig" = yes ]
    read -r ratio lo hi sig < <(ccol '$c["workload"] == "grad" && $c["metric"] == "steady"' ratio ratio_lo ratio_hi significant)
    [ "$ratio" = 1 ]
    awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l <= 1 && h >= 1) }'
    [ "$sig" = no ]
    # the columns the header documents, the seed and the labels on every row
    head -n1 "$O/compare.csv" | grep -qx 'workload,params,width,wait,condition,load,stressors,copy,metric,baseline,input,baseline_label,label,baseline_ms,ms,baseline_procs,procs,baseline_n,n,ratio,ratio_lo,ratio_hi,significant,checksum_same,seed,reps'
    [ "$(ccol 'NR > 1' seed reps baseline_label label | sort -u)" = "20261203 2000 before after" ]
    # steady and first per cell; four processes, 24 and 20 calls
    [ "$(ccol 'NR > 1' workload width metric procs n | sort | tr '\n' ' ')" = "grad 1 first 4 4 grad 1 steady 4 20 grad 2 first 4 4 grad 2 steady 4 20 svdvals 1 first 4 4 svdvals 1 steady 4 24 " ]
}

@test "an identical re-run is not significant: every interval contains 1" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-procs" "$B"/r
    run "$COMPARE" --out "$O" "$A/r" "$B/r"
    [ "$status" -eq 0 ]
    rows=$(($(wc -l <"$O/compare.csv") - 1))
    [ "$rows" -gt 40 ]
    [ "$(ccol 'NR > 1' significant | sort -u)" = no ]
    [ "$(ccol 'NR > 1' ratio | sort -u)" = 1 ]
    [ "$(ccol 'NR > 1 && !($c["ratio_lo"] <= 1 && $c["ratio_hi"] >= 1)' workload | wc -l)" -eq 0 ]
    [[ $output == *"OK within-noise: $rows of $rows compared figures"* ]]
    [[ $output != *ERROR* && $output != *WARN* ]]
    # two inputs of one host and no date: the second is numbered
    [ "$(ccol 'NR > 1' baseline_label label | sort -u)" = "vm vm #2" ]
}

@test "the seed is written, the same seed gives the same intervals, another seed others" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-procs" "$B"/r
    "$COMPARE" --out "$O" --seed 7 "$A/r" "$B/r" >/dev/null 2>&1
    cp "$O/compare.csv" "$BATS_TEST_TMPDIR/seed7.csv"
    [ "$(ccol 'NR > 1' seed | sort -u)" = 7 ]
    "$COMPARE" --out "$O" --seed 7 "$A/r" "$B/r" >/dev/null 2>&1
    cmp "$O/compare.csv" "$BATS_TEST_TMPDIR/seed7.csv"
    "$COMPARE" --out "$O" --seed 8 "$A/r" "$B/r" >/dev/null 2>&1
    [ "$(cut -d, -f21,22 "$O/compare.csv")" != "$(cut -d, -f21,22 "$BATS_TEST_TMPDIR/seed7.csv")" ]
    grep -q 'seed 8' "$O/compare.md"
}

@test "a changed checksum for the same cell is an ERROR" {
    cell "$A" grad 1 0.05 "0.015 0.016 0.017"
    cell "$B" grad 1 0.05 "0.015 0.016 0.017"
    sed -i 's/,00000000000000aa,/,00000000000000bb,/' "$B/samples.csv"
    printf 'host=vm\nopenblas_corename=Zen\n' >"$A/meta.txt"
    printf 'host=vm2\nopenblas_corename=Haswell\n' >"$B/meta.txt"
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "ERROR checksum-changed: grad n=1000, width 1, wait block, idle, copy $(copy_of "$A"): checksum 00000000000000aa in vm, 00000000000000bb in vm2: the same computation gave other bits (OpenBLAS core Zen vs Haswell: other kernels may round differently)" ]]
    [ "$(ccol 'NR > 1' checksum_same | sort -u)" = no ]
    grep -q 'CHANGED' "$O/compare.md"
    # the machines' difference is listed too
    [[ $output == *"NOTE machines-differ: the machines differ: openblas_corename (vm: Zen, vm2: Haswell)"* ]]
}

@test "cells only one input has are listed, not compared; so are option differences" {
    cell "$A" grad 1 0.05 "0.015 0.016 0.017"
    cell "$B" grad 1 0.05 "0.015 0.016 0.017"
    # a first-run verdict on the cell only a has: cell-missing's, not verdict-differs
    cell "$A" svdvals 1 900 "5.6 5.7 5.8"
    cell "$B" svdvals 2 4.0 "3.6 3.7 3.8"
    printf 'host=a\nreport_quick=1\nreport_budget_s=6\n' >"$A/meta.txt"
    printf 'host=b\nreport_quick=0\nreport_budget_s=6\n' >"$B/meta.txt"
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 0 ]
    copy=$(copy_of "$A")
    [[ $output == *"NOTE cell-missing: svdvals size=256, width 1, wait block, idle, copy $copy: only in a (not in b): not compared"* ]]
    [[ $output == *"NOTE cell-missing: svdvals size=256, width 2, wait block, idle, copy $copy: only in b (not in a): not compared"* ]]
    [[ $output == *"NOTE options-differ: the runs' options differ: report_quick (a: 1, b: 0)"* ]]
    [[ $output != *"report_budget_s"* ]]
    [[ $output != *"verdict-differs"* ]]
    # (and a has that verdict: summarize says so)
    mkdir "$BATS_TEST_TMPDIR/sa"
    "$SUMMARIZE" --no-report --out "$BATS_TEST_TMPDIR/sa" "$A" 2>/dev/null | grep -q '^WARN first-run: svdvals size=256, width 1'
    [ "$(ccol 'NR > 1' workload | sort -u)" = grad ]
}

@test "half the cells changed: change and drift cannot be told apart, so nothing is significant" {
    PROCS=4
    cell "$A" svdvals 1 6.0 "5.6 5.7 5.8 5.65 5.75 5.62"
    cell "$B" svdvals 1 6.0 "5.6 5.7 5.8 5.65 5.75 5.62" 2
    cell "$A" grad 1 0.05 "0.015 0.016 0.017 0.0155 0.0165"
    cell "$B" grad 1 0.05 "0.015 0.016 0.017 0.0155 0.0165"
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 0 ]
    [ "$(ccol 'NR > 1' significant | sort -u)" = no ]
    grep -q "no difference below [0-9.]*% is called one here" "$O/compare.md"
}

@test "three processes a side never make a difference significant: 2x is not resolved" {
    cell "$A" svdvals 1 6.0 "5.6 5.7 5.8 5.65 5.75 5.62"
    cell "$B" svdvals 1 6.0 "5.6 5.7 5.8 5.65 5.75 5.62" 2
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 0 ]
    [ "$(ccol '$c["metric"] == "steady"' significant)" = no ]
    [[ $output != *"NOTE slower"* ]]
}

@test "inputs with no cell in common: a note saying so, a page without a chart or a row; compare.sh and make compare draw nothing, no gnuplot error" {
    cell "$A" grad 1 0.05 "0.015 0.016 0.017"
    cell "$B" svdvals 2 4.0 "3.6 3.7 3.8"
    printf 'host=a\n' >"$A/meta.txt"
    printf 'host=b\n' >"$B/meta.txt"
    note="coldload-compare: note: the inputs have no cell in common (a: 1 cell, b: 1 cell): no figure compared, no chart"
    run "$COMPARE" --out "$O" --label a --label b "$A" "$B"
    [ "$status" -eq 0 ]
    [ "$(grep -cxF "$note" <<<"$output")" -eq 1 ]
    [[ $output == *"NOTE cell-missing: grad "*"only in a (not in b): not compared"* ]]
    grep -q '^None: no cell is in two inputs with the same figure measured' "$O/compare.md"
    run grep -q 'plots/compare' "$O/compare.md" "$O/compare.html"
    [ "$status" -eq 1 ]
    [ ! -e "$O/plots/compare.dat" ]
    [ "$(wc -l <"$O/compare.csv")" -eq 1 ] # the header alone
    rm -rf "$O"
    run bash "$ROOT/harness/compare.sh" --out "$O" --label a --label b "$A" "$B"
    [ "$status" -eq 0 ]
    [ "$(grep -cxF "$note" <<<"$output")" -eq 1 ]
    [[ $output != *gnuplot* ]]
    [ -s "$O/compare.html" ]
    [ ! -e "$O/plots/compare.png" ]
    rm -rf "$O"
    run make -s -C "$ROOT" compare RESULTS="$A $B" LABELS="a b" OUT="$O"
    [ "$status" -eq 0 ]
    [ "$(grep -cxF "$note" <<<"$output")" -eq 1 ]
    [[ $output != *gnuplot* ]]
}

@test "a verdict one input has and the other not is listed" {
    PROCS=4
    cell "$A" grad 1 9.0 "0.015 0.016 0.017 0.0155"
    cell "$B" grad 1 0.02 "0.015 0.016 0.017 0.0155"
    run "$COMPARE" --out "$O" --label slow --label fast "$A" "$B"
    [ "$status" -eq 0 ]
    [[ $output == *"WARN verdict-differs: grad n=1000, width 1, wait block, idle, copy $(copy_of "$A"): WARN first-run in slow, not in fast"* ]]
    # and the first call's change is significant
    [ "$(ccol '$c["metric"] == "first"' significant)" = yes ]
}

@test "strict input: a defect is file:line and exit 2, nothing written; bad flags exit 2" {
    cell "$A" grad 1 0.05 "0.015 0.016"
    cell "$B" grad 1 0.05 "0.015 0.016"
    sed -i '3s/,0\.01[0-9]*,/,fast,/' "$B/samples.csv"
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 2 ]
    [[ $output == "coldload-compare: $B/samples.csv:3: "* ]]
    [ "${#lines[@]}" -eq 1 ]
    [ ! -e "$O" ]
    # the same message coldload-summarize gives for that directory
    run "$SUMMARIZE" --out "$BATS_TEST_TMPDIR/s" "$B"
    [ "$status" -eq 2 ]
    summarize_msg=${output#coldload-summarize: }
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 2 ]
    [ "${output#coldload-compare: }" = "$summarize_msg" ]

    mkdir "$BATS_TEST_TMPDIR/empty"
    for args in "$A" "--out $O $A" "$A $B" "--out $O --label x $A $B" "--out $O --seed -1 $A $B" \
        "--out $O --bogus $A $B" "--out $O --label= --label b $A $B" "--out $O $A $BATS_TEST_TMPDIR/none" "--out $O $A $BATS_TEST_TMPDIR/empty" "--out"; do
        # shellcheck disable=SC2086
        run "$COMPARE" $args
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ $output == "coldload-compare: "* ]]
    done
    [ ! -e "$O" ]
    run "$COMPARE" --help
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "usage: coldload-compare --out DIR"* ]]
}

# compare.sh's options are the option table's (harness/lib/opttable.sh): each
# bad value is refused by compare.sh itself, before coldload-compare runs.
@test "compare.sh: a bad value of each option is exit 2, a one-line error naming it and --help; nothing made" {
    local args want
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        run bash "$ROOT/harness/compare.sh" $args "$A" "$B"
        [ "$status" -eq 2 ] || { echo "$args: exit $status: $output"; false; }
        [ "${#lines[@]}" -eq 1 ] || { echo "$args: ${#lines[@]} lines: $output"; false; }
        [ "${lines[0]}" = "coldload compare: $want (see harness/compare.sh --help)" ] || { echo "$args: ${lines[0]}"; false; }
        [ ! -e "$O" ]
    done <<EOT
--out $O --seed -1|--seed: expected an integer in 0..4294967295, got '-1'
--out $O --seed 4294967296|--seed: expected an integer in 0..4294967295, got '4294967296'
--out $O --seed=7x|--seed: expected an integer in 0..4294967295, got '7x'
--out $O --seed=|--seed needs a value
--out -r|--out needs a path, got '-r' (a flag? ./-r names a file of that name)
--out=|--out needs a value
--out $O --label --seed|--label needs a value, got the flag '--seed'
--out $O --label=|--label needs a value
--out $O --bogus|unknown option '--bogus'
EOT
    run bash "$ROOT/harness/compare.sh" --out "$O" "$A"
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload compare: two or more results directories expected (see harness/compare.sh --help)" ]
}

@test "compare.sh hands --label (in order, either form) and --seed to coldload-compare; the table's seed without --seed" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-procs" "$B"/r
    run bash "$ROOT/harness/compare.sh" --out "$O" --label=first --seed 0042 --label second "$A/r" "$B/r"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(ccol 'NR > 1' seed | sort -u)" = 42 ]
    grep -q 'first' "$O/compare.md"
    grep -q 'second' "$O/compare.md"
    [ "$(grep -o 'first\|second' "$O/compare.md" | head -n2 | tr '\n' ' ')" = "first second " ]
    rm -rf "$O"
    run bash "$ROOT/harness/compare.sh" --out "$O" "$A/r" "$B/r"
    [ "$status" -eq 0 ]
    [ "$(ccol 'NR > 1' seed | sort -u)" = 20261203 ]
    [ ! -e "$O/hyperfine.json" ]
}

@test "compare.sh --export-hyperfine FILE: every input's cells in hyperfine's format, each command naming its input" {
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
    cp -r "$ROOT/tests/fixtures/results-threads" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-threads-censored" "$B"/r
    run bash "$ROOT/harness/compare.sh" --out "$O" --label before --label after \
        --export-hyperfine "$BATS_TEST_TMPDIR/hf.json" "$A/r" "$B/r"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    jq -e -f "$ROOT/tests/report/hyperfine-schema.jq" "$BATS_TEST_TMPDIR/hf.json" >/dev/null
    [ "$(jq '.results | length' "$BATS_TEST_TMPDIR/hf.json")" = 18 ]
    [ "$(jq -r '.results[0].command' "$BATS_TEST_TMPDIR/hf.json")" = '/opt/progs/omp [before, default width, idle]' ]
    run bash "$ROOT/harness/compare.sh" --out "$O" --export-hyperfine -x "$A/r" "$B/r"
    [ "$status" -eq 2 ]
}

@test "coldload-compare --export-hyperfine onto a device node or a FIFO, or where no file can be made: exit 2 before anything is written, the node left as it was" {
    cp -r "$ROOT/tests/fixtures/results-threads" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-threads-censored" "$B"/r
    local x=$BATS_TEST_TMPDIR/node
    if [ "$(id -u)" = 0 ]; then mknod "$x" c 1 3; else mkfifo "$x"; fi
    run --separate-stderr timeout 10 "$COMPARE" --out "$O" --export-hyperfine "$x" "$A/r" "$B/r"
    [ "$status" -eq 2 ]
    [[ $stderr == "coldload-compare: --export-hyperfine $x: a "*", not a regular file: not replaced" ]]
    if [ "$(id -u)" = 0 ]; then [ -c "$x" ]; else [ -p "$x" ]; fi
    [ ! -e "$O" ]
    run --separate-stderr "$COMPARE" --out "$O" --export-hyperfine /proc/version "$A/r" "$B/r"
    [ "$status" -eq 2 ]
    [[ $stderr == *"--export-hyperfine /proc/version: no file can be made in /proc: "* ]]
    [ ! -e "$O" ]
}

@test "a process stopped before it ended is drawn at its bound as \"at least\" (bound 1), in the key" {
    cp -r "$ROOT/tests/fixtures/results-threads" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-threads-censored" "$B"/r
    run bash "$ROOT/harness/compare.sh" --out "$O" --label before --label after "$A/r" "$B/r"
    [ "$status" -eq 0 ]
    dat=$O/plots/compare.dat
    head -n1 "$dat" | grep -qx 'x input ms bound'
    # index 0: after's 4 stopped runs (width 2: 3 pinned, 1 free) at 9400 ms, bound 1; no other
    [ "$(awk '/^$/ { blank++ } blank == 0 && NR > 1 && $4 == 1 { print $2, $3 }' "$dat" | sort -u)" = "2 9400" ]
    [ "$(awk '/^$/ { blank++ } blank == 0 && NR > 1 && $4 == 1' "$dat" | wc -l)" -eq 4 ]
    [ "$(awk '/^$/ { blank++ } blank == 0 && NR > 1 && $4 == 0 && $3 == 9400' "$dat" | wc -l)" -eq 0 ]
    grep -q '<text>stopped: at least this long</text>' "$O/plots/compare.svg"
}

@test "two threads jobs: the threads question is answered from each program's cells, the first is not asked" {
    cp -r "$ROOT/tests/fixtures/results-threads/." "$A/"
    cp -r "$ROOT/tests/fixtures/results-threads/." "$B/"
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '^| Is the first run slow here, and why? | Not asked: a threads job' "$O/compare.md"
    grep -q '^| Do threads hurt under full load here? | No: under pinned load width 2 takes 1.01x as long as width 1, the fastest (median run 110.7 ms against 109.5 ms; threads hurt at 1.25x). |' "$O/compare.md"
    grep -q 'OK within-noise' "$O/compare.md"
    # the same answers: no finding says they differ
    run ! grep -q 'answer-differs' "$O/compare.md"
}

@test "answers that differ (threads hurt in one input, not in the other) are a finding, each side's deciding figure named" {
    cp -r "$ROOT/tests/fixtures/results-procs/." "$A/"
    cp -r "$ROOT/tests/fixtures/results-threads/." "$B/"
    run "$COMPARE" --out "$O" --label procs --label job "$A" "$B"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # each input's answer: its verdict and the figure that decides it
    grep -q '^| Is the first run slow here, and why? | Yes: a cold start of grad takes 29.7x the cached one (84.457 vs 2.841 ms). | Not asked: a threads job' "$O/compare.md"
    grep -q '^| Do threads hurt under full load here? | Yes, when every core is taken: under pinned load svdvals width 2 is 266x idle (95% interval 263x-268x), 10 of 10 processes' "$O/compare.md"
    grep -q '^| \*\*WARN answer-differs\*\* | Do threads hurt under full load here? | yes in procs (loaded\\_over\\_idle 266), no in job (widest\\_over\\_best 1.01) |$' "$O/compare.md"
    # yes against "not asked" is no difference: one finding only
    [ "$(grep -c 'answer-differs' "$O/compare.md")" -eq 1 ]
}

@test "the same directory twice (or a link to it) is compared, with a warning" {
    cell "$A" grad 1 0.05 "0.015 0.016 0.017 0.0155 0.0165"
    ln -s "$A" "$BATS_TEST_TMPDIR/a-link"
    run "$COMPARE" --out "$O" "$A" "$BATS_TEST_TMPDIR/a-link"
    [ "$status" -eq 0 ]
    [[ $output == *"warning: $A and $BATS_TEST_TMPDIR/a-link are the same directory: it is compared with itself"* ]]
    # two directories of the same rows: no warning
    cell "$B" grad 1 0.05 "0.015 0.016 0.017 0.0155 0.0165"
    run "$COMPARE" --out "$O" "$A" "$B"
    [ "$status" -eq 0 ]
    [[ $output != *"same directory"* ]]
}

@test "make compare without OUT where results/ does not exist yet (a fresh clone): results/ made, the comparison in it" {
    cell "$A" grad 1 0.05 "0.015 0.016 0.017"
    cell "$B" grad 1 0.05 "0.015 0.016 0.017"
    res=$BATS_TEST_TMPDIR/fresh/results
    COLDLOAD_RESULTS=$res run make -s -C "$ROOT" compare RESULTS="$A $B"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    made=("$res"/compare-*/compare.html)
    [ "${#made[@]}" -eq 1 ]
    [ -s "${made[0]}" ]
}
