# tests/harness/runcg.bash -- shared by tests/harness/runcg.bats and
# tests/long/runcg.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

setup() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
}

# A case that starts a launcher it may SIGKILL sets QPID: whatever the case
# ends in, the launcher is killed, its run's processes and its cgroups (v2,
# and a quota's in the v1 cpu controller) swept, and those left removed.
teardown() {
    [ -n "${QPID:-}" ] || return 0
    kill -9 "$QPID" 2>/dev/null || true
    wait "$QPID" 2>/dev/null || true
    "$R" --sweep >/dev/null || true
    local d p
    for d in /sys/fs/cgroup/coldload-run-"$QPID" /sys/fs/cgroup/unified/coldload-run-"$QPID" \
        /sys/fs/cgroup/cpu/coldload-run-"$QPID"; do
        [ -d "$d" ] || continue
        while read -r p; do kill -9 "$p" 2>/dev/null || true; done <"$d/cgroup.procs"
        rmdir "$d" 2>/dev/null || true
    done
}
