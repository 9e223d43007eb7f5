#!/usr/bin/env bats
# tests/report/scan.bats -- coldload-scan on the synthetic 2-CPU scan of
# tests/fixtures/results-scan (tests/report/scan_fixture.sh says how each
# cell's median was made): the heatmap data has one cell per (load, width)
# with its process count and the slowdown against idle width 1, cut cells are
# marked (a lower bound when no call finished), the wait-policy data has one
# block per (load, policy), the verdict names the best width per load level,
# the policy that degrades least and what spin costs past the free CPUs; bad
# input is exit 2 with the file named.

load helpers

SCAN=$ROOT/build/coldload-scan

setup() {
    [ -x "$SCAN" ] || skip "build/coldload-scan is not built (make)"
    D=$BATS_TEST_TMPDIR/r
    cp -r "$ROOT/tests/fixtures/results-scan" "$D"
}

# cell WORKLOAD STRESSORS WIDTH: that heatmap.csv line (without the key).
cell() {
    awk -F, -v w="$1" -v k="$2" -v x="$3" '$1 == w && $2 == k && $3 == x' "$D/scan/heatmap.csv"
}

@test "heatmap: one cell per (load, width) of each workload, with its process count" {
    run "$SCAN" "$D"
    [ "$status" -eq 0 ]
    [ "$(head -n1 "$D/scan/heatmap.csv")" = workload,stressors,width_requested,widths_chosen,procs,cut_budget,cut_watchdog,skipped,median_ms,slowdown_vs_idle_width1,slowdown_is_lower_bound ]
    # 2 workloads x 3 load levels x (widths 1..4 + auto), each once
    [ "$(tail -n +2 "$D/scan/heatmap.csv" | wc -l)" -eq 30 ]
    [ "$(tail -n +2 "$D/scan/heatmap.csv" | cut -d, -f1-3 | sort -u | wc -l)" -eq 30 ]
    # every cell accounts for its 3 processes: with rows, or cut without any
    bad=$(awk -F, 'NR > 1 && $5 + $7 + $8 != 3' "$D/scan/heatmap.csv")
    [ -z "$bad" ]
    [ "$(cell grad 0 1)" = "grad,0,1,1,3,0,0,0,0.012000,1.0000,0" ]
    # grad, 2 workers, width 2: 0.012 x 3 x (3 + 200) = 7.308 ms = 609x
    [ "$(cell grad 2 2)" = "grad,2,2,2,3,0,0,0,7.308000,609.0000,0" ]
    # auto: the widths it chose; idle svdvals ran at 2 (2.5 ms = 0.5x)
    [ "$(cell svdvals 0 auto)" = "svdvals,0,auto,2,3,0,0,0,2.500000,0.5000,0" ]
    # a budget-cut process is counted and marked
    [ "$(cell grad 1 2 | cut -d, -f5,6)" = "3,1" ]
    # two processes with rows (0.9 and 1 x 5 x 3 x 801 / 3), one stopped inside a call
    [ "$(cell svdvals 2 3)" = "svdvals,2,3,3,2,0,1,0,3804.750000,760.9500,0" ]
    # no call finished: no median, the slowdown a lower bound (1800 ms / 5 ms)
    [ "$(cell svdvals 2 4)" = "svdvals,2,4,,0,0,3,0,,360.0000,1" ]
}

@test "heatmap .dat: a complete grid per workload, labelled, auto last" {
    "$SCAN" "$D"
    for w in grad svdvals; do
        f=$D/scan/heatmap-$w.dat
        # the column names first (plots/scan_heatmap.gp reads them), then a cell a line
        [ "$(grep -v '^#' "$f" | head -n1)" = 'x workers slowdown slowdown_label procs_label width' ]
        [ "$(grep -v '^#' "$f" | tail -n +2 | wc -l)" -eq 15 ]
        # x 0..4 with width labels 1 2 3 4 auto, y the load levels 0..2
        [ "$(grep -v '^#' "$f" | tail -n +2 | awk '{ print $1 ":" $NF }' | sort -u | paste -sd' ')" = '0:"1" 1:"2" 2:"3" 3:"4" 4:"auto"' ]
        [ "$(grep -v '^#' "$f" | tail -n +2 | awk '{ print $2 }' | sort -u | paste -sd' ')" = "0 1 2" ]
    done
    grep -q '^3 2 360 ">360x" "0p, 3 cut" "4"$' "$D/scan/heatmap-svdvals.dat"
    grep -q '^2 2 760.95 "761x" "2p, 1 cut" "3"$' "$D/scan/heatmap-svdvals.dat"
    grep -q '^0 0 1 "1x" "3p" "1"$' "$D/scan/heatmap-grad.dat"
}

@test "wait data: each (load, policy, width) against the same setting idle; 9 blocks per workload" {
    "$SCAN" "$D"
    [ "$(tail -n +2 "$D/scan/wait.csv" | wc -l)" -eq 54 ]
    # pinned spin, grad width 2: 1.5 x 7.308 ms against idle spin width 2's 0.036
    [ "$(awk -F, '$1 == "grad" && $2 == "pinned" && $4 == "spin" && $5 == 2 { print $6, $10, $11 }' "$D/scan/wait.csv")" = "3 10.962000 304.5000" ]
    # 9 blocks, each its (load, policy) as a comment, then its column names
    # (plots/scan_wait.gp reads them), in the order the chart titles them
    [ "$(grep -c '^width median_ms$' "$D/scan/wait-grad.dat")" -eq 9 ]
    [ "$(grep -A1 '^# [a-z]* [a-z]*$' "$D/scan/wait-svdvals.dat" | grep -v '^--$' | paste -sd'|')" = \
        "# idle spin|width median_ms|# idle yield|width median_ms|# idle block|width median_ms|# pinned spin|width median_ms|# pinned yield|width median_ms|# pinned block|width median_ms|# free spin|width median_ms|# free yield|width median_ms|# free block|width median_ms" ]
}

@test "verdict: best width per load level, auto against it, least-degrading policy, spin's cost" {
    "$SCAN" "$D"
    v=$D/scan/verdict.txt
    grep -q '^scan: 84 cells on 2 CPUs; 3 cells cut (processes: 1 by their budget, 4 stopped inside a call, 0 never started)$' "$v"
    grep -q '^  svdvals, 0 load workers: best width 4 (1.25 ms, 0.25x idle width 1; 3 procs); auto chose 2: 2.5 ms, 2x the best$' "$v"
    grep -q '^  svdvals, 2 load workers: best width 1 (15 ms, 3x idle width 1; 3 procs); auto chose 1: 15 ms, 1x the best$' "$v"
    grep -q '^  grad, 1 load worker: best width 1 ' "$v"
    grep -q '^  recommendation, svdvals: width 4 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers$' "$v"
    grep -q 'degrades least: block$' "$v"
    # widths above the free CPUs (idle: 3; loaded: 2, 3): spin - block =
    # (0 + 2 x (0.5 x 7.308 + 0.5 x 14.616)) / 5 = 4.3848 ms
    grep -q '^  grad: spin where the width exceeds the free CPUs costs +4.385 ms a call over block (mean of 5 cells; ' "$v"
}

@test "the CPU count: from meta's scan_cpus, or --cpus; neither is exit 2" {
    run "$SCAN" --cpus 4 "$D"
    [ "$status" -eq 0 ]
    [[ $output == *"84 cells from $D/samples.csv and scan-cells.csv -> $D/scan/"* ]]
    grep -q ' on 4 CPUs;' "$D/scan/verdict.txt"
    # meta.txt's value is data like any other: a count or nothing
    echo 'scan_cpus=2x' >"$D/meta.txt"
    run "$SCAN" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"$D/meta.txt: scan_cpus=2x is not a CPU count 1..4096; pass --cpus N"* ]]
    rm "$D/meta.txt" "$D/scan-cells.csv"
    run "$SCAN" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"no scan_cpus; pass --cpus N"* ]]
    # without the ledger: the rows alone, and said so
    run "$SCAN" --cpus 2 "$D"
    [ "$status" -eq 0 ]
    [[ $output == *" cells from $D/samples.csv -> $D/scan/"* ]]
}

@test "bad input: exit 2 naming the file and line; a bad flag is exit 2" {
    printf 'x\n' >>"$D/samples.csv"
    run "$SCAN" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"samples.csv:"* ]]
    cp "$ROOT/tests/fixtures/results-scan/samples.csv" "$D/samples.csv"
    printf 'a,b\n' >"$D/scan-cells.csv"
    run "$SCAN" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"scan-cells.csv:1: not a scan-cells.csv header"* ]]
    run "$SCAN" --cpus 0 "$D"
    [ "$status" -eq 2 ]
    run "$SCAN" "$BATS_TEST_TMPDIR/none"
    [ "$status" -eq 2 ]
    [ ! -e "$BATS_TEST_TMPDIR/none/scan" ]
}

@test "policies are compared on the same settings: a setting one policy lacks counts for none" {
    # drop grad's pinned yield width 2 (workload $4, width $6, wait $7, harness $23, load $27)
    awk -F, '!($23 == "scan-wait" && $4 == "grad" && $27 == "pinned" && $7 == "yield" && $6 == 2)' \
        "$ROOT/tests/fixtures/results-scan/samples.csv" >"$D/samples.csv"
    "$SCAN" "$D"
    # block: loaded/idle is 3 at width 1 and 203 at widths 2, 3; left are pinned
    # 1, 3 and free 1, 2, 3: (3^2 x 203^3)^(1/5) = 37.6; spin 1.5x, yield 1.2x that
    grep -q '^  grad: spin 56.4x (5 cells) yield 45.1x (5 cells) block 37.6x (5 cells); degrades least: block$' "$D/scan/verdict.txt"
    grep -q '^  svdvals: spin .* (6 cells) yield .* (6 cells) block .* (6 cells); ' "$D/scan/verdict.txt"
}

@test "the findings as data: counts.tsv and recommendation.tsv, one header naming the columns" {
    "$SCAN" "$D"
    printf 'cells\tcpus\tcut_cells\tcut_budget\tcut_watchdog\tskipped\n84\t2\t3\t1\t4\t0\n' >"$BATS_TEST_TMPDIR/counts"
    cmp "$BATS_TEST_TMPDIR/counts" "$D/scan/counts.tsv"
    printf 'workload\tload_workers\tbest_width\n' >"$BATS_TEST_TMPDIR/rec"
    printf 'grad\t%s\t1\n' 0 1 2 >>"$BATS_TEST_TMPDIR/rec"
    printf 'svdvals\t0\t4\nsvdvals\t1\t1\nsvdvals\t2\t1\n' >>"$BATS_TEST_TMPDIR/rec"
    cmp "$BATS_TEST_TMPDIR/rec" "$D/scan/recommendation.tsv"
}

# The report's scan section (report/scandoc) reads those files, never the
# verdict's prose: a recommendation changed in the TSV and garbled in
# verdict.txt shows the TSV's; without the files it says they are missing.
@test "the report's scan section: its counts and recommendation from the TSVs, not verdict.txt" {
    SUM=$ROOT/build/coldload-summarize
    [ -x "$SUM" ] || skip "build/coldload-summarize is not built (make)"
    R=$BATS_TEST_TMPDIR/rs
    cp -r "$ROOT/tests/fixtures/results-small-scan" "$R"
    sed -i 's/^svdvals\t0\t4$/svdvals\t0\t3/' "$R/scan-run/scan/recommendation.tsv"
    sed -i 's/^84\t/85\t/' "$R/scan-run/scan/counts.tsv"
    sed -i 's/recommendation, svdvals: width 4/recommendation, svdvals: width 9/; s/^scan: 84 cells/scan: 99 cells/' \
        "$R/scan-run/scan/verdict.txt"
    "$SUM" "$R" >/dev/null 2>&1
    grep -q '^The scan (scan-run/): 85 cells on 2 CPUs; 3 cells cut ' "$R/report.md"
    grep -qx -- '- svdvals: width 3 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers' "$R/report.md"
    grep -q 'recommends, per pinned load workers: grad: .*; svdvals: width 3 with 0 load workers' "$R/report.md"
    # (outside the fenced block that quotes verdict.txt)
    [ "$(awk '/^````/ { q = !q; next } !q' "$R/report.md" | grep -c 'width 9\|99 cells')" -eq 0 ]
    # verdict.txt is still quoted whole for people (past its first line)
    grep -q '^  recommendation, svdvals: width 9' "$R/report.md"
    # a malformed recommendation.tsv reads as an absent one, warned about with its line
    printf 'grad\tmany\t1\n' >>"$R/scan-run/scan/recommendation.tsv"
    run "$SUM" "$R"
    [ "$status" -eq 0 ]
    [[ $output == *"warning: $R/scan-run/scan/recommendation.tsv:8: load_workers 'many' is not a count"* ]]
    grep -qx -- '- not recorded as data .*' "$R/report.md"
    grep -q '^The scan (scan-run/): 85 cells on 2 CPUs; ' "$R/report.md"
    # analysed before the files existed: said so, and no answer cites a recommendation
    rm "$R/scan-run/scan/recommendation.tsv" "$R/scan-run/scan/counts.tsv"
    "$SUM" "$R" >/dev/null 2>&1
    grep -q '^The scan (scan-run/): not recorded as data (no scan/counts.tsv or scan/recommendation.tsv: analysed by an older coldload-scan; ' "$R/report.md"
    grep -qx -- '- not recorded as data .*' "$R/report.md"
    [ "$(grep -c 'recommends, per pinned load workers' "$R/report.md")" -eq 0 ]
}

@test "a results directory that is no scan (make report's) is refused: exit 1, no scan/ written" {
    N=$BATS_TEST_TMPDIR/notscan
    cp -r "$ROOT/tests/fixtures/results-small" "$N"
    run "$SCAN" --cpus 2 "$N"
    [ "$status" -eq 1 ]
    [[ $output == *"no scan rows (harness scan-wait or scan-load): $N is not a scan's results directory"* ]]
    [ ! -e "$N/scan" ]
}
