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

# cg_of [PID]: the coldload-run cgroups under either cgroup2 hierarchy and,
# where it is mounted, the v1 cpu controller (a --quota's) -- of the
# launcher PID, or of every launcher
cg_of() {
    local d dirs=(/sys/fs/cgroup)
    for d in /sys/fs/cgroup/unified /sys/fs/cgroup/cpu; do
        if [ -d "$d" ]; then dirs+=("$d"); fi
    done
    find "${dirs[@]}" -maxdepth 1 -name "coldload-run-${1:-*}"
}

# cg_left: the coldload-run cgroups left behind -- those whose launcher is
# gone. A live launcher's is in use: make harness-test runs other files
# beside this one (tests/bats-beside.sh), whose runs have theirs.
cg_left() {
    local c
    while IFS= read -r c; do
        [ -n "$c" ] || continue
        kill -0 "${c##*coldload-run-}" 2>/dev/null || echo "$c"
    done < <(cg_of)
}
