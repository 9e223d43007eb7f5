#!/usr/bin/env bats
# tests/harness/scan.bats -- harness/scan.sh: the cell list of both scans
# (--dry-run with COLDLOAD_NPROC 2, 16, 64: the exact widths, load levels and
# process counts; COLDLOAD_NPROC refused outside --dry-run), warm and loaded
# --dry-run and its flags. The runs of a real scan (a QUICK one under a 20 s
# deadline, a cell known slow under a long pinned load): tests/long/scan.bats.
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
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "${lines[@]:2}" | awk '{ print $6 }' | sort -u)" = 5 ]
    run env COLDLOAD_NPROC=2 bash "$H/warm.sh" --dry-run --widths 1
    [ "$status" -eq 0 ]
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
