# tests/harness/enospc.bash -- shared by tests/harness/enospc.bats and
# tests/long/enospc.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

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
    # skip-ok: root mounts a tmpfs on any Linux
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

# fill_when_load_starts: a mktemp on PATH that fills the disk when the load
# starts -- the load's temporary directory is the first `mktemp -d` after
# the first run's row (threads.sh's own comes before any run) -- so the next
# write is the load's, its process group's file.
fill_when_load_starts() {
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    cat >"$BATS_TEST_TMPDIR/bin/mktemp" <<MKTEMP
#!/bin/bash
if [ "\$1" = -d ] && [ -s "$M/out/runs.csv" ] && [ ! -e "$M/fill" ]; then
    dd if=/dev/zero of="$M/fill" bs=4k 2>/dev/null || true
fi
exec $(type -P mktemp) "\$@"
MKTEMP
    chmod +x "$BATS_TEST_TMPDIR/bin/mktemp"
}

# threads_full: threads.sh on a small program into $M/out, on a full disk
threads_full() {
    run env PATH="$BATS_TEST_TMPDIR/bin:$PATH" bash "$H/threads.sh" --quick --procs 1 --load pinned \
        --widths 1 --out "$M/out" --binary "$PROGS/silent.sh" -- '{width}'
    echo "$output"
    [ "$status" -eq 1 ]
    [[ $output == *"coldload threads: no space left on device: $M (tmpfs) holding $M/out is full"* ]]
    [ "$(grep -c 'no space left on device' <<<"$output")" -eq 1 ]
    [[ $output != *"write error"* ]]
    [[ $output != *"No record of process"* ]]
    [[ $output != *"line "[0-9]*": "* ]]   # no raw bash error
    whole_lines "$M/out/meta.txt"
    run pgrep -f -- "--temp-path $M/out/"
    [ "$status" -eq 1 ]   # no stress-ng of this run left
}
