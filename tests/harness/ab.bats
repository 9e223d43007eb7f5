#!/usr/bin/env bats
# tests/harness/ab.bats -- is B faster than A? (harness/ab.sh, make ab): the
# usage errors and SIGINT mid-run. The jobs (two real commands of known
# ratio, a short job at two widths, A against itself, make ab, hostile
# command strings): tests/long/ab.bats.

load helpers
load ab

@test "usage errors: a side missing, a program that does not exist, a bad load or precision: exit 2, one line, nothing made" {
    ab --a "$OMP 5"
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"--b CMD is required"* ]]
    ab --a "/nonexistent/prog 5" --b "$OMP 5"
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"--a: '/nonexistent/prog': no such file"* ]]
    ab --a "$OMP 5" --b "$BATS_TEST_TMPDIR"
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"is a directory"* ]]
    ab --a "$OMP 5" --b "$OMP 5" --load quota
    [ "$status" -eq 2 ]
    ab --a "$OMP 5" --b "$OMP 5" --precision 2
    [ "$status" -eq 2 ]
    ab --a "   " --b "$OMP 5"
    [ "$status" -eq 2 ]
    [ ! -e "$O" ]
}

@test "a side that exits 126 saying nothing: cannot start, with a reason (not an empty one), nothing measured" {
    printf '#!/bin/sh\nexit 126\n' >"$BATS_TEST_TMPDIR/silent"
    chmod +x "$BATS_TEST_TMPDIR/silent"
    ab --a "$BATS_TEST_TMPDIR/silent" --b "$OMP 5"
    [ "$status" -eq 1 ]
    [ "$(grep -c 'cannot start here' <<<"$output")" -eq 1 ]
    [[ $output == *"cannot start here: exit 126, no message: not executable (a mount with noexec, no x bit)? (its warm-up run: failed, exit 126; "* ]]
}

@test "--widths refused with one line and exit 2 before anything is made: not a width, out of range, a width twice, {width} without --widths" {
    ab --a "$OMP 5" --b "$OMP 5" --widths "1 x"
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"--widths: expected an integer in 1..256, got 'x'"* ]]
    ab --a "$OMP 5" --b "$OMP 5" --widths 0
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"--widths: expected an integer in 1..256, got '0'"* ]]
    ab --a "$OMP 5" --b "$OMP 5" --widths "2,1 2"
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"--widths: width 2 is given twice"* ]]
    ab --a "$OMP {width}" --b "$OMP 5"
    [ "$status" -eq 2 ] && [[ ${lines[0]} == *"{width} in a command needs --widths"* ]]
    [ ! -e "$O" ]
}

@test "SIGINT mid-run: exit 130, no run left, no cgroup left, the rows written whole" {
    env --default-signal=INT bash "$H/ab.sh" --out "$O" --a "/bin/sleep 7.31" --b "/bin/sleep 7.31" \
        >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for test -s "$O/meta.txt"
    sleep 1
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    sleep 0.5
    ! pgrep -f 'sleep 7.31' >/dev/null
    [ -z "$(find /sys/fs/cgroup /sys/fs/cgroup/unified /sys/fs/cgroup/cpu -maxdepth 1 -name 'coldload-run-*' 2>/dev/null)" ]
    [ ! -s "$O/runs.csv" ] || every_row_complete "$O/runs.csv"
}
