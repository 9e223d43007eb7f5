#!/usr/bin/env bats
# tests/harness/ab.bats -- is B faster than A? (harness/ab.sh, make ab): the
# usage errors, a short job at two widths and SIGINT mid-run. The jobs that run to their answer (two
# real commands of known ratio, A against itself, make ab, hostile command
# strings): tests/long/ab.bats.

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

@test "--widths 1 2: every run of A, B and A again gets its width (variables and {width}); each block holds every width, shuffled; a stop and an answer per width" {
    local bw=$PROGS/by_width.sh
    ab --a "$bw a{width}" --b "$bw b" --widths "1 2" --quick --max-procs 8
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # 8 blocks of the three sides at each width: 48 rows, 8 of each side and width
    [ "$(paste -d: <(col "$O/runs.csv" workload) <(col "$O/runs.csv" width) | LC_ALL=C sort | uniq -c |
        awk '{print $1, $2}' | tr '\n' ' ')" = "8 A2:1 8 A2:2 8 A:1 8 A:2 8 B:1 8 B:2 " ]
    # the width reached each run: its runtimes' variable and {width} in A's arguments
    grep -q '^OMP_NUM_THREADS=2 RAYON_NUM_THREADS=2 GOMAXPROCS=2 .* args=a2$' "$O/logs/ab-A-w2-b3.out"
    grep -q '^OMP_NUM_THREADS=1 .* args=b$' "$O/logs/ab-B-w1-b5.out"
    grep -q '^OMP_NUM_THREADS=1 .* args=a1$' "$O/logs/ab-A2-w1-b8.out"
    # blocks in order (proc the block), each of all six runs, the widths mixed in some block's order
    [ "$(col "$O/runs.csv" proc | tr '\n' ' ')" = "$(for p in 1 2 3 4 5 6 7 8; do printf '%s %s %s %s %s %s ' $p $p $p $p $p $p; done)" ]
    [ "$(paste -d, <(col "$O/runs.csv" proc) <(col "$O/runs.csv" width) |
        awk -F, '$1 == p && $2 != w { ch[$1]++ } { p = $1; w = $2 } END { for (b in ch) if (ch[b] > 1) n++; print n + 0 }')" -ge 1 ]
    grep -qx 'ab_widths=1 2' "$O/meta.txt"
    # the stop of each width, a row of stops.csv (8 blocks, the most: fixed)
    [ "$(tail -n +2 "$O/stops.csv" | tr '\n' ' ')" = "ab,none,0,ab,1,8,fixed ab,none,0,ab,2,8,fixed " ]
    grep -qx "Blocks at width 2: 8, as many as --max-procs 8 fixes." "$O/report.md"
    # an answer per width: results.json, and ab.sh's last lines
    [ "$(jq -c '[.answers[] | select(.id == "ab") | .width]' "$O/results.json")" = '[1,2]' ]
    [[ $output == *"coldload ab: At width 1: "*"coldload ab: At width 2: "* ]]
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
