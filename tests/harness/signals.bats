#!/usr/bin/env bats
# tests/harness/signals.bats -- loaded.sh interrupted mid-run: it exits
# non-zero, no stress-ng process it started outlives it, and every row it
# wrote is complete. One test per signal: INT, TERM, HUP.
# (the cases under a long real load: tests/long/signals.bats, make test-long)

load helpers
load signals

@test "SIGTERM mid-run: non-zero exit, no stress-ng left, complete rows" {
    interrupt TERM
}

@test "a signal the harness itself loses (bash 5.2's trap parse defect) still gives 128+n, and meta says so" {
    out=$BATS_TEST_TMPDIR/out
    # a harness that, like bash when the defect hits, exits 2 without its handler
    cat >"$BATS_TEST_TMPDIR/lossy.sh" <<LOSSY
set -euo pipefail
. "$H/lib/all.sh"
cl_init lossy "\$@"
cl_defaults
CL_OPT[OUT]=$out
cl_results_init
cl_meta lossy_started yes
trap 'exit 2' TERM
while :; do sleep 0.05; done
LOSSY
    bash "$BATS_TEST_TMPDIR/lossy.sh" &
    pid=$!
    wait_for grep -q '^lossy_started=yes' "$out/meta.txt"
    kill -TERM "$pid"
    rc=0
    wait "$pid" || rc=$?
    [ "$rc" -eq 143 ]
    grep -q '^lossy_interrupted_by=SIGTERM$' "$out/meta.txt"
    [ "$(sed -n 's/^lossy_exit_status=//p' "$out/meta.txt" | tail -n1)" = 143 ]
    grep -q "^warning=lossy: the harness lost SIGTERM (bash's trap parse defect, exit 2)" "$out/meta.txt"
}

@test "the supervisor passes the harness's own status on: a usage error is 2, a failure 1" {
    run bash "$H/warm.sh" --no-such-flag
    [ "$status" -eq 2 ]
    run env COLDLOAD_BUILD=/nonexistent bash "$H/warm.sh" --out "$BATS_TEST_TMPDIR/o"
    [ "$status" -eq 2 ]
    [[ $output == *"/nonexistent/p28_timing is missing"* ]]
}

@test "a signal after the harness has ended still gives 128+n and removes the hand-over file" {
    # The supervisor's trap forwards the signal to a child that is gone: kill
    # fails. Made deterministic with an rm on PATH that, called by the
    # supervisor on its hand-over file (after it reaped the child), sends the
    # supervisor HUP; its trap then runs. Under set -e that exited 1.
    mkdir -p "$BATS_TEST_TMPDIR/bin" "$BATS_TEST_TMPDIR/tmp"
    cat >"$BATS_TEST_TMPDIR/bin/rm" <<'RM'
#!/bin/bash
if [ -z "${COLDLOAD_SUPERVISOR:-}" ] && [[ " $* " == *coldload-out.* ]]; then kill -HUP "$PPID"; fi
exec /bin/rm "$@"
RM
    chmod +x "$BATS_TEST_TMPDIR/bin/rm"
    cat >"$BATS_TEST_TMPDIR/quick.sh" <<QUICK
set -euo pipefail
. "$H/lib/all.sh"
cl_init quick "\$@"
exit 0
QUICK
    # HUP at its default: a suite started under nohup has it ignored, and
    # bash cannot trap a signal ignored when it started
    run env --default-signal=HUP PATH="$BATS_TEST_TMPDIR/bin:$PATH" TMPDIR="$BATS_TEST_TMPDIR/tmp" \
        bash "$BATS_TEST_TMPDIR/quick.sh"
    [ "$status" -eq 129 ]
    run compgen -G "$BATS_TEST_TMPDIR/tmp/coldload-out.*"
    [ "$status" -ne 0 ]
}

@test "a launcher killed under cl_exec: said once, by the harness, with its signal; bash's 'PID Killed' job line is not printed" {
    out=$BATS_TEST_TMPDIR/out
    mkdir -p "$out/logs"
    # the program kills its launcher (its parent) at once
    cat >"$BATS_TEST_TMPDIR/killed.sh" <<KILLED
set -euo pipefail
. "$H/lib/all.sh"
CL_NAME=killed CL_OUT=$out CL_WATCHDOG_S=60
exec {CL_LOCK_FD}>>"$out/.lock"
rc=0
cl_exec step sh -c 'kill -9 \$PPID; sleep 1' || rc=\$?
echo "rc=\$rc"
KILLED
    run bash "$BATS_TEST_TMPDIR/killed.sh"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 2 ]
    [[ ${lines[0]} == "coldload killed: warning: step: coldload-run was killed by signal 9 after "*" s" ]]
    [ "${lines[1]}" = "rc=137" ]
    [[ $output != *"Killed "* ]]
}
