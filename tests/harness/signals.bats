#!/usr/bin/env bats
# tests/harness/signals.bats -- loaded.sh interrupted mid-run: it exits
# non-zero, no stress-ng process it started outlives it, and every row it
# wrote is complete. One test per signal: INT, TERM, HUP.

load helpers

setup() {
    need_binaries
    command -v stress-ng >/dev/null || skip "stress-ng not installed"
}

# no_writer_of CSV: no process runs with --csv CSV (pgrep leaves itself out).
no_writer_of() {
    ! pgrep -f -- "--csv $1" >/dev/null
}

more_lines_than() {
    [ -f "$1" ] && [ "$(wc -l <"$1")" -gt "$2" ]
}

# interrupt SIG [SIG2]: starts a long loaded run, waits until stress-ng runs and
# rows are being written, sends SIG to the harness (and SIG2 right after, as
# report.sh or a closing terminal would), and checks what is left.
interrupt() {
    local sig=$1 sig2=${2:-} out=$BATS_TEST_TMPDIR/out pid pgid rc=0 t0
    # A background job of a non-interactive shell starts with SIGINT ignored
    # (and an ignored signal cannot be trapped): restore the default, as a
    # terminal's Ctrl-C would find it.
    # --precision 0: every process takes its budget (a known median would
    # end the run before the signal)
    env --default-signal=INT,TERM,HUP bash "$H/loaded.sh" --out "$out" --widths 1 --stressors 2 \
        --procs 1 --budget 60 --runs 100000 --precision 0 >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    pid=$!
    wait_for test -s "$out/stress-ng.pgid"
    pgid=$(cat "$out/stress-ng.pgid")
    wait_for more_lines_than "$out/samples.csv" 20
    kill -0 "$pgid"               # stress-ng is running now
    # its own --timeout is what the measurements need plus a margin (one
    # width, 3 workloads, 1 process each, budget 60 s: 3 x (2 x 60 + 60) + 30),
    # not hours; every stress-ng of the group (pinned: one per CPU) has it
    stress=$(ps -e -o pid=,pgid=,comm= | awk -v g="$pgid" '$2 == g && $3 == "stress-ng" { print $1 }')
    [ -n "$stress" ]
    for p in $stress; do tr '\0' ' ' <"/proc/$p/cmdline" | grep -q -- '--timeout 570s '; done
    kill "-$sig" "$pid"
    if [ -n "$sig2" ]; then sleep 0.05; kill "-$sig2" "$pid"; fi
    t0=$SECONDS
    wait "$pid" || rc=$?
    cat "$BATS_TEST_TMPDIR/log"
    [ "$rc" -ne 0 ]
    [ $((SECONDS - t0)) -le 10 ]  # promptly, not after the 60 s budget
    no_live_in_group "$pgid"
    every_row_complete "$out/samples.csv"
    grep -q "^loaded_interrupted_by=SIG$sig$" "$out/meta.txt"
    grep -q "^loaded_exit_status=$rc$" "$out/meta.txt"
    # no measurement of this run is left running either
    run pgrep -f "$out/samples.csv"
    [ "$status" -ne 0 ]
}

@test "SIGINT mid-run: non-zero exit, no stress-ng left, complete rows" {
    interrupt INT
}

@test "SIGTERM mid-run: non-zero exit, no stress-ng left, complete rows" {
    interrupt TERM
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
    ln -s "$B/coldload-probe" "$BATS_TEST_TMPDIR/build/coldload-probe"
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

@test "a signal the harness itself loses (bash 5.2's trap parse defect) still gives 128+n, and meta says so" {
    out=$BATS_TEST_TMPDIR/out
    # a harness that, like bash when the defect hits, exits 2 without its handler
    cat >"$BATS_TEST_TMPDIR/lossy.sh" <<LOSSY
set -euo pipefail
. "$H/lib.sh"
cl_init lossy "\$@"
cl_defaults
CL_OPT_OUT=$out
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
. "$H/lib.sh"
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
. "$H/lib.sh"
cl_init quick "\$@"
kill -TERM "\$COLDLOAD_SUPERVISOR"
sleep 5
QUICK
    run env PATH="$BATS_TEST_TMPDIR/bin:$PATH" TMPDIR="$BATS_TEST_TMPDIR/tmp" bash "$BATS_TEST_TMPDIR/quick.sh"
    [ "$status" -eq 143 ]
    run compgen -G "$BATS_TEST_TMPDIR/tmp/coldload-out.*"
    [ "$status" -ne 0 ]
}
