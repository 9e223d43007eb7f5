#!/usr/bin/env bats
# tests/long/enospc.bats -- the cases of tests/harness/enospc.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/enospc

@test "a 120k results disk: the first failed measurement stops the run with the same line" {
    full_disk_run 120k
}

@test "a disk that fills when the load starts (threads.sh): one line naming the disk, exit 1, no stress-ng left" {
    command -v stress-ng >/dev/null || skip "stress-ng not installed"
    small 4m
    fill_when_load_starts
    threads_full
    [ -e "$M/fill" ]   # the disk did fill there
    # meta says so, unless even that line found no room in meta.txt's last page
    m=$M/out/meta.txt
    grep -q '^threads_error=no space left on device: ' "$m" || [ $((4096 - $(stat -c %s "$m") % 4096)) -lt 300 ]
}

@test "a 40k results disk: one line naming the disk, exit 1, meta.txt whole lines only" {
    full_disk_run 40k
}
