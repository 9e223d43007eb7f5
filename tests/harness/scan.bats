#!/usr/bin/env bats
# tests/harness/scan.bats -- harness/scan.sh: the cell list of both scans
# (--dry-run with COLDLOAD_NPROC 2, 16, 64: the exact widths, load levels and
# process counts; COLDLOAD_NPROC refused outside --dry-run), warm and loaded
# --dry-run, its flags, and one short QUICK run of the load scan with
# a tiny deadline: every process in the ledger, rows tagged with the scan
# and cell, the heatmap data and charts written, no stress-ng left behind
# (a cell known slow under a long pinned load: tests/long/scan.bats).
# (the cases under a long real load: tests/long/scan.bats, make test-long)

load helpers
load scan

@test "dry run, N = 2: wait widths 1 2 3, load widths 1 2 4 auto, load levels 0 1 2; 3 processes a cell" {
    plan 2
    [[ ${lines[0]} == "# scan plan: 234 processes, 2 CPUs, 3 per cell, deadline 240s, at most 10s a process" ]]
    [ "${lines[1]}" = "# time: at most 240s (234 processes x 10s cap = 2340s, deadline 240s: the deadline decides, later processes get less)" ]
    [ "$(printf '%s\n' "$body" | wc -l)" -eq 234 ]
    [ "$(axis wait 4)" = "1 2 3" ]
    [ "$(axis load 4)" = "auto 1 2 4" ]
    [ "$(axis load 7)" = "0 1 2" ]
    [ "$(axis wait 3 | tr ' ' '\n' | sort | paste -sd' ')" = "block spin yield" ]
    [ "$(printf '%s\n' "$body" | awk '$1 == "wait" { print $6 ":" $7 }' | sort -u | paste -sd' ')" = "free:2 none:0 pinned:2" ]
    [ "$(axis load 3)" = block ]
    # each cell exactly once per process 1..3
    [ -z "$(printf '%s\n' "$body" | awk '{ k = $1 " " $2 " " $3 " " $4 " " $6 " " $7; n[k]++; p[k] = p[k] $8 }
        END { for (k in n) if (n[k] != 3 || p[k] != "123") print k }')" ]
    # idle phases first: their unused time goes to the loaded ones
    [ "$(printf '%s\n' "$body" | awk '{ print $5 }' | uniq | paste -sd' ')" = "idle loaded" ]
}

@test "dry run, N = 16: widths 1 2 4 8 16 and 17 / 32, load levels 0 1 8 15 16: 534 processes" {
    plan 16
    [ "${lines[0]}" = "# scan plan: 534 processes, 16 CPUs, 3 per cell, deadline 240s, at most 10s a process" ]
    [ "$(printf '%s\n' "$body" | wc -l)" -eq 534 ]
    [ "$(axis wait 4)" = "1 2 4 8 16 17" ]
    [ "$(axis load 4)" = "auto 1 2 4 8 16 32" ]
    [ "$(axis load 7)" = "0 1 8 15 16" ]
    [ "$(printf '%s\n' "$body" | awk '$1 == "wait" { print $6 ":" $7 }' | sort -u | paste -sd' ')" = "free:16 none:0 pinned:16" ]
    [ "$(printf '%s\n' "${lines[@]}" | grep -c '^# phase ')" -eq 8 ]
}

@test "dry run, N = 64: widths 1 2 4 .. 64 and 65 / 128, load levels 0 1 32 63 64: 702 processes, not N^2" {
    plan 64
    [ "${lines[0]}" = "# scan plan: 702 processes, 64 CPUs, 3 per cell, deadline 240s, at most 10s a process" ]
    [ "$(printf '%s\n' "$body" | wc -l)" -eq 702 ]
    [ "$(axis wait 4)" = "1 2 4 8 16 32 64 65" ]
    [ "$(axis load 4)" = "auto 1 2 4 8 16 32 64 128" ]
    [ "$(axis load 7)" = "0 1 32 63 64" ]
    [ "$(printf '%s\n' "${lines[@]}" | grep '^# phase load:32')" = "# phase load:32: pinned load, 32 workers, 18 cells x 3 processes, widths 1 2 4 8 16 32 64 128 auto" ]
}

@test "COLDLOAD_NPROC is refused outside --dry-run (scan, warm, loaded): it cannot fake a measurement" {
    for s in scan warm loaded; do
        run env COLDLOAD_NPROC=16 bash "$H/$s.sh" --quick --out "$OUT"
        [ "$status" -eq 2 ]
        [[ $output == *"COLDLOAD_NPROC=16 is for --dry-run only"* ]]
        [ ! -e "$OUT" ]
    done
    run env COLDLOAD_NPROC=0 bash "$H/scan.sh" --dry-run
    [ "$status" -eq 2 ]
}

@test "warm and loaded --dry-run on 64 CPUs: default widths 1 8, 64 load workers, 3-7 processes a cell; --procs K fixes K" {
    run env COLDLOAD_NPROC=64 bash "$H/warm.sh" --dry-run
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "# warm plan: 64 CPUs (COLDLOAD_NPROC), widths 1 8, "*", 3-7 processes a cell, "* ]]
    [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print $5 }' | sort -un | paste -sd' ')" = "1 8" ]
    run env COLDLOAD_NPROC=64 bash "$H/loaded.sh" --dry-run
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print $2 ":" $3 }' | sort -u | paste -sd' ')" = "free:64 pinned:64" ]
    run env COLDLOAD_NPROC=64 bash "$H/loaded.sh" --dry-run --procs 5
    [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print $6 }' | sort -u)" = 5 ]
    run env COLDLOAD_NPROC=2 bash "$H/warm.sh" --dry-run --widths 1
    [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print $5 }' | sort -u)" = 1 ]
    run bash "$H/warm.sh" --procs 5 --max-procs 6 --dry-run
    [ "$status" -eq 2 ]
}

@test "flags: --scan, --procs below 3 and unknown flags are usage errors" {
    run bash "$H/scan.sh" --scan both2 --dry-run
    [ "$status" -eq 2 ]
    [[ $output == *"--scan: expected wait, load or both"* ]]
    run bash "$H/scan.sh" --procs 2 --dry-run
    [ "$status" -eq 2 ]
    [[ $output == *"at least 3 processes"* ]]
    run bash "$H/scan.sh" --total 0 --dry-run
    [ "$status" -eq 2 ]
    run bash "$H/scan.sh" --bogus
    [ "$status" -eq 2 ]
    run bash "$H/scan.sh" --scan wait --widths 1,3 --dry-run
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "${lines[@]}" | grep -v '^#' | tail -n +2 | awk '{ print $4 }' | sort -u | paste -sd' ')" = "1 3" ]
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
        [ -s "$OUT/scan/heatmap-grad.png" ] && [ -s "$OUT/scan/heatmap-svdvals.svg" ]
    fi
    pgid=$(sed -n 's/^scan_load_1_stress_pgid=//p' "$OUT/meta.txt")
    [ -n "$pgid" ]
    no_live_in_group "$pgid"
}
