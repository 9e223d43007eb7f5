#!/usr/bin/env bats
# tests/harness/ab_stop.bats -- ab.sh stops once its precision is reached:
# two commands of a steady ratio (sleeps of 0.05 s and 0.1 s) are decided at
# the first block the rule may answer (8), long before --max-procs. The
# usage errors and SIGINT: ab.bats; the long jobs: tests/long/ab.bats.

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
