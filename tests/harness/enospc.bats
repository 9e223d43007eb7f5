#!/usr/bin/env bats
# tests/harness/enospc.bats -- a results disk that fills up mid-run (a small
# tmpfs, as root): the harness stops at the first failed write with one line
# naming the disk, meta.txt has whole lines only (a line that did not fit is
# cut back, never left half-written), and no bash "write error" is shown --
# whatever the step: full from the start, during the runs, when the load
# starts (nothing of the load left running then).
# (the cases under a long real load: tests/long/enospc.bats, make test-long)

load helpers
load enospc

@test "a disk full before threads.sh starts: the same one line, exit 1" {
    command -v stress-ng >/dev/null || skip "stress-ng not installed"
    small 4m
    dd if=/dev/zero of="$M/fill" bs=4k 2>/dev/null || true
    threads_full
}
