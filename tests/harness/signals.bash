# tests/harness/signals.bash -- shared by tests/harness/signals.bats and
# tests/long/signals.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

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
    t0=$SECONDS
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
    wait "$pid" || rc=$?
    cat "$BATS_TEST_TMPDIR/log"
    [ "$rc" -ne 0 ]
    # promptly: the whole run, signal and all, shorter than the 60 s budget
    # its first process would have taken alone
    [ $((SECONDS - t0)) -lt 60 ]
    no_live_in_group "$pgid"
    every_row_complete "$out/samples.csv"
    grep -q "^loaded_interrupted_by=SIG$sig$" "$out/meta.txt"
    grep -q "^loaded_exit_status=$rc$" "$out/meta.txt"
    # no measurement of this run is left running either
    run pgrep -f "$out/samples.csv"
    [ "$status" -ne 0 ]
}
