#!/usr/bin/env bats
# tests/long/scan.bats -- the load scan under a long real load (a 60 s
# deadline): a cell known slow under pinned load takes no more processes.
# A QUICK scan under a 20 s deadline too. The rest of harness/scan.sh:
# tests/harness/scan.bats.

load ../harness/helpers
load ../harness/scan

@test "under pinned load a cell 10x slower than its level's best after one process takes no more (svdvals and grad at width 2)" {
    command -v stress-ng >/dev/null || skip "stress-ng not installed"
    run bash "$H/scan.sh" --quick --scan load --widths "1 2" --stressors 2 --total 60 --seed 7 --out "$OUT"
    echo "$output" | tail -n 5
    [ "$status" -eq 0 ]
    # width 2 under one pinned worker per CPU: ~500x width 1's svdvals
    grep -qx 'scan_load_2_known_slow=grad:block:2 svdvals:block:2' "$OUT/meta.txt"
    # their one process at load 2; every other cell (widths 1 and auto) its 3, and idle all 18
    [ "$(awk -F, 'NR > 1 && $7 == 2 && $4 == 2 { n++ } END { print n + 0 }' "$OUT/scan-cells.csv")" -eq 2 ]
    [ "$(awk -F, 'NR > 1 && $7 == 2 && $4 != 2 { n++ } END { print n + 0 }' "$OUT/scan-cells.csv")" -eq 12 ]
    [ "$(awk -F, 'NR > 1 && $7 == 0 { n++ } END { print n + 0 }' "$OUT/scan-cells.csv")" -eq 18 ]
    grep -q '^  svdvals, 2 load workers: best width 1 ' "$OUT/scan/verdict.txt"
    pgid=$(sed -n 's/^scan_load_2_stress_pgid=//p' "$OUT/meta.txt")
    no_live_in_group "$pgid"
}

@test "--total 1: no time for any process is said as such (exit 1), not as a missing samples.csv" {
    run bash "$H/scan.sh" --quick --total 1 --out "$OUT"
    [ "$status" -eq 1 ]
    [[ $output == *"no process ran before the 1 s deadline (--total): every cell was skipped"* ]]
    [[ $output != *"No such file or directory"* ]]
}

@test "a QUICK load scan under a 20 s deadline: every process in the ledger, tagged rows, heatmap, no load left" {
    command -v stress-ng >/dev/null || skip "stress-ng not installed"
    SECONDS=0
    run bash "$H/scan.sh" --quick --scan load --widths 1 --stressors 1 --total 20 --seed 7 --out "$OUT"
    echo "$output" | tail -n 5
    [ "$status" -eq 0 ]
    [ "$SECONDS" -lt 45 ]
    every_row_complete "$OUT/samples.csv"
    every_row_complete "$OUT/scan-cells.csv"
    # 2 workloads x (width 1, auto) x 2 load levels x 3 processes
    [ "$(tail -n +2 "$OUT/scan-cells.csv" | wc -l)" -eq 24 ]
    [ "$(col "$OUT/samples.csv" harness | sort -u)" = scan-load ]
    [ "$(rows "$OUT/samples.csv" stressors 1 | col /dev/stdin load | sort -u)" = pinned ]
    [ "$(col "$OUT/samples.csv" width_requested | sort -u | paste -sd' ')" = "1 auto" ]
    # each cell's 3 processes in the ledger
    [ -z "$(awk -F, 'NR > 1 { n[$2 " " $4 " " $7]++ } END { for (k in n) if (n[k] != 3) print k }' "$OUT/scan-cells.csv")" ]
    # the heatmap: one cell per (workload, load, width); at most 3 processes
    # with rows, and every process accounted for (a stopped one may have rows too)
    [ "$(tail -n +2 "$OUT/scan/heatmap.csv" | wc -l)" -eq 8 ]
    [ -z "$(awk -F, 'NR > 1 && ($5 > 3 || $5 + $7 + $8 < 3)' "$OUT/scan/heatmap.csv")" ]
    grep -q '^  grad, 1 load worker: best width 1 ' "$OUT/scan/verdict.txt"
    if command -v gnuplot >/dev/null; then
        [ -s "$OUT/scan/heatmap-grad.png" ]
        [ -s "$OUT/scan/heatmap-svdvals.svg" ]
    fi
    pgid=$(sed -n 's/^scan_load_1_stress_pgid=//p' "$OUT/meta.txt")
    [ -n "$pgid" ]
    no_live_in_group "$pgid"
}
