#!/usr/bin/env bats
# tests/harness/enospc.bats -- a results disk that fills up mid-run (a small
# tmpfs, as root): the harness stops at the first failed write with one line
# naming the disk, meta.txt has whole lines only (a line that did not fit is
# cut back, never left half-written), and no bash "write error" is shown.

load helpers

setup() {
    need_binaries
    [ "$(id -u)" = 0 ] || skip "needs root to mount a small tmpfs"
    M=$BATS_TEST_TMPDIR/small
    mkdir -p "$M"
}

teardown() {
    if mountpoint -q "$M" 2>/dev/null; then umount "$M"; fi
}

# small SIZE: M becomes a tmpfs of SIZE (skips where mounting is refused).
small() {
    mount -t tmpfs -o "size=$1" tmpfs "$M" 2>/dev/null || skip "cannot mount a tmpfs here"
}

# whole_lines FILE: every line key=value, and the file ends with a newline.
whole_lines() {
    [ -s "$1" ] || return 0
    [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || { echo "$1 ends mid-line"; return 1; }
    run awk '!/^[A-Za-z0-9_]+=/' "$1"
    [ -z "$output" ] || { echo "lines not key=value in $1: $output"; return 1; }
}

full_disk_run() {
    small "$1"
    run bash "$H/warm.sh" --quick --out "$M/out"
    [ "$status" -eq 1 ]
    [[ $output == *"coldload warm: no space left on device: $M (tmpfs) holding $M/out is full"* ]]
    [ "$(grep -c 'no space left on device' <<<"$output")" -eq 1 ]
    [[ $output != *"write error"* ]]
    [[ $output != *"measurement(s) failed"* ]]
    whole_lines "$M/out/meta.txt"
}

@test "a 40k results disk: one line naming the disk, exit 1, meta.txt whole lines only" {
    full_disk_run 40k
}

@test "a 120k results disk: the first failed measurement stops the run with the same line" {
    full_disk_run 120k
}
