#!/usr/bin/env bats
# tests/long/signals.bats -- the cases of tests/harness/signals.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/signals

@test "SIGINT mid-run: non-zero exit, no stress-ng left, complete rows" {
    interrupt INT
}

@test "SIGHUP mid-run: non-zero exit, no stress-ng left, complete rows" {
    interrupt HUP
}

@test "normal end: stress-ng stopped, exit 0" {
    out=$BATS_TEST_TMPDIR/out
    run bash "$H/loaded.sh" --out "$out" --widths 1 --stressors 1 --budget 0.2 --runs 3 --procs 1
    [ "$status" -eq 0 ]
    for load in pinned free; do
        no_live_in_group "$(sed -n "s/^loaded_${load}_s1_stress_pgid=//p" "$out/meta.txt")"
    done
}

@test "an error mid-run (a measurement's binary vanishes) still stops stress-ng" {
    out=$BATS_TEST_TMPDIR/out
    mkdir -p "$BATS_TEST_TMPDIR/build"
    # p28_timing that describes itself (the real table) but fails every
    # measurement: the harness records the failures and ends non-zero
    printf '#!/bin/sh\n[ "$1" = --describe ] && exec %s --describe\necho "broken on purpose" >&2\nexit 1\n' \
        "$B/p28_timing" >"$BATS_TEST_TMPDIR/build/p28_timing"
    chmod +x "$BATS_TEST_TMPDIR/build/p28_timing"
    ln -s "$B/coldload-probe" "$B/coldload-run" "$BATS_TEST_TMPDIR/build/"
    COLDLOAD_BUILD=$BATS_TEST_TMPDIR/build run bash "$H/loaded.sh" --out "$out" --widths 1 --stressors 1 --budget 1 \
        --procs 1 --load pinned
    [ "$status" -eq 1 ]
    [[ $output == *"failed with exit status 1"* ]]
    no_live_in_group "$(cat "$out/stress-ng.pgid")"
    grep -q '^loaded_failures=2$' "$out/meta.txt"
}

@test "a second signal during the clean-up (TERM TERM, HUP TERM, INT HUP): still no stress-ng left" {
    interrupt TERM TERM
    rm -rf "$BATS_TEST_TMPDIR/out"
    interrupt HUP TERM
    rm -rf "$BATS_TEST_TMPDIR/out"
    interrupt INT HUP
}

@test "SIGKILL of the harness: its stress-ng and its binary die too (parent-death signal), and no temp file stays" {
    local out=$BATS_TEST_TMPDIR/out pid pgid n1 n2 tmp=$BATS_TEST_TMPDIR/tmp
    mkdir "$tmp"
    TMPDIR=$tmp bash "$H/loaded.sh" --out "$out" --widths 1 --stressors 2 --budget 60 --runs 100000 --precision 0 \
        >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    pid=$!
    wait_for test -s "$out/stress-ng.pgid"
    pgid=$(cat "$out/stress-ng.pgid")
    wait_for more_lines_than "$out/samples.csv" 20
    kill -KILL "$pid"
    wait "$pid" || true
    wait_for no_live_in_group "$pgid"
    # the orphaned measurement, if any, is gone: no more rows
    wait_for no_writer_of "$out/samples.csv"
    n1=$(wc -l <"$out/samples.csv")
    sleep 1
    n2=$(wc -l <"$out/samples.csv")
    [ "$n1" -eq "$n2" ]
    every_row_complete "$out/samples.csv"
    # the supervisor's hand-over file: the harness removes it when the supervisor cannot
    wait_for bash -c '! compgen -G "$1/coldload-out.*" >/dev/null' _ "$tmp"
}

@test "a signal while the supervisor makes its hand-over file leaves no file and gives 128+n" {
    # The supervisor traps INT, TERM and HUP before it makes the file, and
    # makes it without a command a signal could land in: a TERM sent by
    # whatever makes the file (here a mktemp on PATH) found no trap, killed
    # the supervisor by its default action and left the file (1 soak run in
    # 230).
    mkdir -p "$BATS_TEST_TMPDIR/bin" "$BATS_TEST_TMPDIR/tmp"
    cat >"$BATS_TEST_TMPDIR/bin/mktemp" <<'MKTEMP'
#!/bin/bash
f=$(/usr/bin/mktemp "$@") || exit
if [ -z "${COLDLOAD_SUPERVISOR:-}" ] && [[ $f == */coldload-out.* ]]; then kill -TERM "$PPID"; sleep 0.2; fi
printf '%s\n' "$f"
MKTEMP
    chmod +x "$BATS_TEST_TMPDIR/bin/mktemp"
    cat >"$BATS_TEST_TMPDIR/quick.sh" <<QUICK
set -euo pipefail
. "$H/lib/all.sh"
cl_init quick "\$@"
kill -TERM "\$COLDLOAD_SUPERVISOR"
sleep 5
QUICK
    run env PATH="$BATS_TEST_TMPDIR/bin:$PATH" TMPDIR="$BATS_TEST_TMPDIR/tmp" bash "$BATS_TEST_TMPDIR/quick.sh"
    [ "$status" -eq 143 ]
    run compgen -G "$BATS_TEST_TMPDIR/tmp/coldload-out.*"
    [ "$status" -ne 0 ]
}

@test "cold.sh interrupted mid-run leaves no .tmp.* copy directory" {
    local out=$BATS_TEST_TMPDIR/out pid rc=0
    env --default-signal=INT,TERM,HUP bash "$H/cold.sh" --out "$out" --copies 3 --hf-runs 20 \
        >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    pid=$!
    wait_for bash -c 'compgen -G "$1/.tmp.*" >/dev/null' _ "$out"
    kill -TERM "$pid"
    sleep 0.05
    kill -TERM "$pid" 2>/dev/null || true   # unless the clean-up was done already
    wait "$pid" || rc=$?
    cat "$BATS_TEST_TMPDIR/log"
    [ "$rc" -eq 143 ]
    run compgen -G "$out/.tmp.*"
    [ "$status" -ne 0 ]
}
