#!/usr/bin/env bats
# tests/long/scan.bats -- the load scan under a long real load (a 60 s
# deadline): a cell known slow under pinned load takes no more processes.
# The rest of harness/scan.sh, a 20 s QUICK scan among it: tests/harness/scan.bats.

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
