#!/usr/bin/env bats
# tests/long/firstrun.bats -- the cases of tests/harness/firstrun.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/firstrun

@test "firstrun.sh stops after 3 rounds once every part is known, and goes on to --procs' 5 while one is not" {
    # COLDLOAD_PRECISION=1: each part's spread within +-100 % of the first
    # run's extra (decided at 3); 0: only a spread of exactly 0 would do, so
    # all 5 rounds, with stops.csv saying the parts stayed open.
    out=$BATS_TEST_TMPDIR/fr
    run env COLDLOAD_PRECISION=1 bash "$H/firstrun.sh" --workloads grad --kinds same --widths "1 2" --runs 5 --out "$out/a"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'firstrun_rounds=3-5' "$out/a/meta.txt"
    grep -qx 'firstrun,none,0,,,3,decided' "$out/a/stops.csv"
    [ "$(col "$out/a/firstrun.csv" proc | sort -un | tr '\n' ' ')" = "1 2 3 " ]
    run env COLDLOAD_PRECISION=0 bash "$H/firstrun.sh" --workloads grad --kinds same --widths "1 2" --runs 5 --out "$out/b"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'firstrun,none,0,,,5,max' "$out/b/stops.csv"
    [ "$(col "$out/b/firstrun.csv" proc | sort -un | tr '\n' ' ')" = "1 2 3 4 5 " ]
    # --procs K fixes K rounds, no question asked
    run bash "$H/firstrun.sh" --procs 4 --workloads grad --kinds same --widths "1 2" --runs 5 --out "$out/c"
    grep -qx 'firstrun,none,0,,,4,fixed' "$out/c/stops.csv"
}
