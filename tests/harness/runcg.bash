# tests/harness/runcg.bash -- shared by tests/harness/runcg.bats and
# tests/long/runcg.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

setup() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
}

# cg_left: the coldload-run cgroups under either cgroup2 hierarchy
cg_left() {
    find /sys/fs/cgroup /sys/fs/cgroup/unified -maxdepth 1 -name 'coldload-run-*' 2>/dev/null
}
