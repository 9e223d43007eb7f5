#!/usr/bin/env bats
# tests/harness/scan.bats -- harness/scan.sh: the cell list of both scans
# (--dry-run: every cell in K processes, the widths and load levels the
# issue asks for), its flags, and one short QUICK run of the load scan with
# a tiny deadline: every process in the ledger, rows tagged with the scan
# and cell, the heatmap data and charts written, no stress-ng left behind.

load helpers

setup() {
    need_binaries
    [ -x "$B/coldload-scan" ] || skip "build/coldload-scan is not built (make)"
    OUT=$BATS_TEST_TMPDIR/out
}

ncpu() {
    local allowed online r
    allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status)
    online=$(cat /sys/devices/system/cpu/online)
    expand() { for r in ${1//,/ }; do if [[ $r == *-* ]]; then seq "${r%-*}" "${r#*-}"; else echo "$r"; fi; done; }
    comm -12 <(expand "$allowed" | sort) <(expand "$online" | sort) | wc -l
}

@test "dry run: wait policy x widths 1..N+1 x idle/pinned/free, load 0..N x widths 1..2N and auto, 3 processes a cell" {
    n=$(ncpu)
    run bash "$H/scan.sh" --quick --dry-run
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "# scan plan: "* ]]
    [ "${lines[1]}" = "scan workload wait width condition load stressors proc" ]
    body=$(printf '%s\n' "${lines[@]:2}")
    want=$(( 3 * (2 * 3 * (n + 1) * 3 + 2 * (2 * n + 1) * (n + 1)) ))
    [ "$(printf '%s\n' "$body" | wc -l)" -eq "$want" ]
    # each cell exactly once per process 1..3
    [ -z "$(printf '%s\n' "$body" | awk '{ k = $1 " " $2 " " $3 " " $4 " " $6 " " $7; n[k]++; p[k] = p[k] $8 }
        END { for (k in n) if (n[k] != 3 || p[k] != "123") print k }')" ]
    # the wait scan: 3 policies, widths 1..n+1, loads none/pinned/free with n workers
    [ "$(printf '%s\n' "$body" | awk '$1 == "wait" { print $3 }' | sort -u | paste -sd' ')" = "block spin yield" ]
    [ "$(printf '%s\n' "$body" | awk '$1 == "wait" { print $4 }' | sort -n -u | paste -sd' ')" = "$(seq -s' ' 1 $((n + 1)))" ]
    [ "$(printf '%s\n' "$body" | awk '$1 == "wait" { print $6 ":" $7 }' | sort -u | paste -sd' ')" = "free:$n none:0 pinned:$n" ]
    # the load scan: pinned 0..n workers, widths 1..2n and auto, block policy
    [ "$(printf '%s\n' "$body" | awk '$1 == "load" { print $7 }' | sort -n -u | paste -sd' ')" = "$(seq -s' ' 0 "$n")" ]
    [ "$(printf '%s\n' "$body" | awk '$1 == "load" { print $4 }' | sort -u | sort -n | paste -sd' ')" = "auto $(seq -s' ' 1 $((2 * n)))" ]
    [ "$(printf '%s\n' "$body" | awk '$1 == "load" { print $3 }' | sort -u)" = block ]
    # idle phases first: their unused time goes to the loaded ones
    [ "$(printf '%s\n' "$body" | awk '{ print $5 }' | uniq | paste -sd' ')" = "idle loaded" ]
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
    [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print $4 }' | sort -u | paste -sd' ')" = "1 3" ]
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

@test "--total 1: no time for any process is said as such (exit 1), not as a missing samples.csv" {
    run bash "$H/scan.sh" --quick --total 1 --out "$OUT"
    [ "$status" -eq 1 ]
    [[ $output == *"no process ran before the 1 s deadline (--total): every cell was skipped"* ]]
    [[ $output != *"No such file or directory"* ]]
}
