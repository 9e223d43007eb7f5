#!/usr/bin/env bats
# tests/harness/ab_stop.bats -- ab.sh stops once its precision is reached:
# two commands of a steady ratio (sleeps of 0.05 s and 0.1 s) are decided at
# the first block the rule may answer (8), long before --max-procs; a job
# never decided stops at its time budget (--total), after the blocks its
# blocks' times allow, or at an explicit --max-procs; with --settle, once its
# verdict is slower or faster beyond 10 %. The usage errors and
# SIGINT: ab.bats; the long jobs: tests/long/ab.bats.

load helpers
load ab
# (sleep, not the OpenMP program: nothing to build)
setup_file() { :; }

@test "a job whose interval is within --precision at 8 blocks stops there, decided, not at --max-procs" {
    ab --a "/bin/sleep 0.05" --b "/bin/sleep 0.1" --max-procs 16 --precision 0.25
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(tail -n +2 "$O/stops.csv")" = "ab,none,0,ab,0,8,decided" ]
    [ "$(col "$O/runs.csv" proc | sort -un | tail -n1)" = 8 ]
    [ "$(tail -n +2 "$O/runs.csv" | wc -l)" -eq 24 ]
    [[ $output == *"coldload ab: B is "*"x slower than A (B/A of 8 pairs; "* ]]
}

# ms_of TIMESTAMP: an ISO UTC time (2026-12-06T16:01:07.623Z) in ms since the epoch
ms_of() { date -u -d "$1" +%s%3N; }

@test "a job its time budget ends stops, how time, after the blocks its blocks' times allow" {
    # precision 0: never decided, so the time budget alone stops it
    ab --a "/bin/sleep 0.1" --b "/bin/sleep 0.1" --total 6 --precision 0
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run tail -n +2 "$O/stops.csv"
    [ "$status" -eq 0 ]
    [[ $output =~ ^ab,none,0,ab,0,([0-9]+),time$ ]]
    local taken=${BASH_REMATCH[1]}
    [ "$taken" -ge 8 ]
    [ "$(col "$O/runs.csv" proc | sort -un | tail -n1)" = "$taken" ]
    # the blocks the rule allows, from runs.csv: the first p from 8 on after
    # which what is left before the deadline (meta) is less than the mean
    # block so far, each block from the first run's start to its last run's end
    local deadline ts wall p first=0 expect=0
    deadline=$(ms_of "$(sed -n 's/^ab_blocks_deadline_utc=//p' "$O/meta.txt")")
    local -A end=()
    # (runs.csv's timestamp is when a run ended: its start is that less wall_ms)
    while IFS=, read -r ts wall p; do
        ts=$(ms_of "$ts")
        wall=${wall%.*}
        [ "$first" -gt 0 ] || first=$((ts - wall))
        [ "$ts" -le "${end[$p]:-0}" ] || end[$p]=$ts
    done < <(paste -d, <(col "$O/runs.csv" timestamp) <(col "$O/runs.csv" wall_ms) <(col "$O/runs.csv" proc))
    # (downwards: the last set is the first p)
    for ((p = taken; p >= 8; p--)); do
        if [ $((deadline - end[$p])) -lt $(((end[$p] - first) / p)) ]; then expect=$p; fi
    done
    # not met by the last block: it would have been by the next
    [ "$expect" -gt 0 ] || expect=$((taken + 1))
    echo "taken $taken, expected $expect"
    # the harness's clock reads a little after the runs end (its decision
    # in between), so it may stop a block sooner than the runs alone say,
    # never later
    [ "$expect" -ge "$taken" ]
    [ "$expect" -le $((taken + 1)) ]
    [ "$(jq -r '.answers[] | select(.id == "ab") | .stopped' "$O/results.json")" = time ]
    grep -q "^Blocks: $taken, as many as the job's time budget (--total 6 s) held" "$O/report.md"
}

@test "an explicit --max-procs is a cap besides the time budget: a job never decided stops there, how max (--settle too: the same is never settled)" {
    ab --a "/bin/sleep 0.05" --b "/bin/sleep 0.05" --max-procs 9 --total 600 --precision 0 --settle
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(tail -n +2 "$O/stops.csv")" = "ab,none,0,ab,0,9,max" ]
    [ "$(col "$O/runs.csv" proc | sort -un | tail -n1)" = 9 ]
}

@test "--settle: a verdict slower with its whole interval beyond 10 % stops at 8 blocks, how settled, its interval wider than --precision" {
    # precision 0: never decided, so only the settled verdict stops it
    ab --a "/bin/sleep 0.05" --b "/bin/sleep 0.1" --max-procs 12 --total 600 --precision 0 --settle
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(tail -n +2 "$O/stops.csv")" = "ab,none,0,ab,0,8,settled" ]
    [ "$(jq -r '.answers[] | select(.id == "ab") | "\(.verdict) \(.stopped)"' "$O/results.json")" = "slower settled" ]
    jq -e '.answers[] | select(.id == "ab") | .figures.ratio_lo > 1.1' "$O/results.json"
    grep -q "^Blocks: 8, stopped once its verdict was settled (--settle: " "$O/report.md"
    grep -qx 'ab_settle=1' "$O/meta.txt"
}
