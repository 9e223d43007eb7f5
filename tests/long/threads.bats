#!/usr/bin/env bats
# tests/long/threads.bats -- the threads question under a long real load:
# coldload's own svdvals, whose width-2 runs take seconds under pinned load.
# The rest of harness/threads.sh: tests/harness/threads.bats.

load ../harness/helpers

setup() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    O=$BATS_TEST_TMPDIR/out
}

# threads ARGS...: as tests/harness/threads.bats runs it (the remedies:
# tests/long/remedies.bats)
threads() {
    run bash "$H/threads.sh" --quick --procs 2 --load pinned --widths "1 2" --remedies off --out "$O" "$@"
}

@test "coldload's own svdvals under pinned load: width 2 stopped once known slow, the answer yes on the bound; width 1 never stopped" {
    # width 2's calls take ~2 s under one pinned worker per CPU against ~5 ms
    # idle: each loaded width-2 run is stopped at 20 x its idle median
    threads --binary "$B/p28_timing" --procs 3 --load pinned --budget 30 -- --workload svdvals --runs 40
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(rows "$O/runs.csv" width_requested 2 | rows /dev/stdin load pinned | col /dev/stdin status | sort -u)" = slow ]
    [ "$(rows "$O/runs.csv" width_requested 1 | col /dev/stdin status | sort -u)" = ok ]
    # the bound is 20 x the idle median of width 2, well below the 30 s cap
    med=$(rows "$O/runs.csv" width_requested 2 | rows /dev/stdin load none | col /dev/stdin wall_ms | sort -g | sed -n 2p)
    bound=$(rows "$O/runs.csv" width_requested 2 | rows /dev/stdin load pinned | col /dev/stdin bound_ms | sort -u)
    awk -v m="$med" -v b="$bound" 'BEGIN { exit !(b > 19.9 * m && b < 20.1 * m && b < 30000) }'
    grep -q "^threads_slow_after=width 2: " "$O/meta.txt"
    lead=$(sed -n '/^## Do threads hurt/{n;n;p;q}' "$O/report.md")
    echo "$lead"
    [[ $lead == "**Yes: under pinned load ("*") width 2 never finished within "*" -- at least 20x its idle median -- in 3 of 3 runs; width 1 took "* ]]
}
