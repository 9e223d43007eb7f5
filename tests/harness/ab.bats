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

@test "make ab: A and B are never pasted into a shell line (make -n: named, not written out)" {
    run make -s -n -C "$ROOT" ab A="true' ; touch $BATS_TEST_TMPDIR/X ; echo '" B="prog it's \$1"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/ab.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh bash harness/ab.sh --a "$COLDLOAD_MAKE_A" --b "$COLDLOAD_MAKE_B"'* ]]
    [[ $line != *touch* ]]
    [[ $line != *"it's"* ]]
}

@test "make ab with a hostile A and a quote in B: no command of theirs runs, meta.txt records each exactly as given, make's exit is the job's" {
    a="true 'x ; touch $BATS_TEST_TMPDIR/X1 ; echo ' \$1 \$(touch $BATS_TEST_TMPDIR/X2) \`touch $BATS_TEST_TMPDIR/X3\` it's"
    b="true it's \$HOME"
    run make -s -C "$ROOT" ab A="$a" B="$b" QUICK=1 OUT="$O" SEED=3 HARNESS_ARGS="--max-procs 8"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ ! -e "$BATS_TEST_TMPDIR/X1" ]
    [ ! -e "$BATS_TEST_TMPDIR/X2" ]
    [ ! -e "$BATS_TEST_TMPDIR/X3" ]
    grep -qxF "ab_a=$a" "$O/meta.txt"
    grep -qxF "ab_b=$b" "$O/meta.txt"
    grep -qx 'ab_seed=3' "$O/meta.txt"
    [ -s "$O/report.html" ]
    # a job that fails fails make: ab.sh's own line, make non-zero
    run make -s -C "$ROOT" ab A="/nonexistent/prog it's" B=true OUT="$BATS_TEST_TMPDIR/o2"
    [ "$status" -ne 0 ]
    [[ $output == *"--a: '/nonexistent/prog': no such file"* ]]
}
