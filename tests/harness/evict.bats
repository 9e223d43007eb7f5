#!/usr/bin/env bats
# tests/harness/evict.bats -- build/coldload-evict really drops pages: the
# resident count falls (mincore), and a binary run after eviction takes major
# page faults, which it does not when its pages are cached.

load helpers

setup() {
    need_binaries
    EVICT=$B/coldload-evict
    # tmpfs pages cannot be dropped (they are the file): work on a disk.
    d=$BATS_TEST_TMPDIR
    if [ "$(stat -f -c %T "$d")" = tmpfs ]; then d=$ROOT/build; fi
    F=$(mktemp "$d/evict-test.XXXXXX")
}

teardown() {
    rm -f "$F" "$F.bin"
}

# field LINE KEY: the value of KEY=VALUE in an evict line.
field() {
    sed -n "s/.* $2=\([0-9]*\).*/\1/p" <<<"$1"
}

@test "a cached file: resident before, none after; --query leaves it cached" {
    head -c 4M /dev/urandom >"$F"
    cat "$F" >/dev/null
    run "$EVICT" --query "$F"
    [ "$status" -eq 0 ]
    line=${lines[0]}
    [ "$(field "$line" pages)" -eq 1024 ]
    [ "$(field "$line" resident_before)" -eq 1024 ]
    [ "$(field "$line" resident_after)" -eq 1024 ]

    # (the kernel may drop a few of its pages in between on a busy machine:
    # some were resident, and none is after)
    run "$EVICT" "$F"
    [ "$status" -eq 0 ]
    [ "$(field "${lines[0]}" resident_before)" -gt 0 ]
    [ "$(field "${lines[0]}" resident_after)" -eq 0 ]
    [[ ${lines[1]} == "evict: total files=1 pages=1024 resident_before="*" resident_after=0" ]]

    run "$EVICT" --query "$F"
    [ "$status" -eq 0 ]
    [ "$(field "${lines[0]}" resident_before)" -eq 0 ]
}

@test "a freshly written (dirty) file is written back and dropped too" {
    head -c 1M /dev/urandom >"$F"
    run "$EVICT" "$F"
    [ "$status" -eq 0 ]
    [ "$(field "${lines[0]}" resident_after)" -eq 0 ]
}

@test "an evicted copy of p28_timing takes major faults on its next run; a cached one none" {
    cp "$B/p28_timing" "$F.bin"
    "$F.bin" --workload grad --runs 1 >/dev/null
    # A cached run's major faults can come from a shared library the machine
    # dropped meanwhile (CI saw 5 once): the control is the fewest of up to
    # five cached runs, which must reach none.
    cached=()
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f '%F' -o "$BATS_TEST_TMPDIR/cached" "$F.bin" --workload grad --runs 1 >/dev/null
        cached+=("$(cat "$BATS_TEST_TMPDIR/cached")")
        if [ "${cached[-1]}" -eq 0 ]; then break; fi
    done
    "$EVICT" "$F.bin" >/dev/null
    /usr/bin/time -f '%F' -o "$BATS_TEST_TMPDIR/evicted" "$F.bin" --workload grad --runs 1 >/dev/null
    echo "major faults: cached ${cached[*]}, evicted $(cat "$BATS_TEST_TMPDIR/evicted")"
    [ "${cached[-1]}" -eq 0 ]
    [ "$(cat "$BATS_TEST_TMPDIR/evicted")" -gt 0 ]
}

@test "bad usage exits 2; an unreadable file exits 1 naming it, the others are still done" {
    run "$EVICT"
    [ "$status" -eq 2 ]
    [[ $output == *"no FILE given"* ]]
    run "$EVICT" --frobnicate "$F"
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--frobnicate'"* ]]
    echo data >"$F"
    run "$EVICT" "$BATS_TEST_TMPDIR/no-such-file" "$F"
    [ "$status" -eq 1 ]
    [[ $output == *"no-such-file: No such file or directory"* ]]
    [[ $output == *"evict: $F pages=1 "* ]]
    run "$EVICT" "$BATS_TEST_TMPDIR"
    [ "$status" -eq 2 ]
    [[ $output == *"is a directory"* ]]
}

@test "a FIFO is refused at once (exit 2), open() never waits for a writer" {
    mkfifo "$BATS_TEST_TMPDIR/fifo"
    echo data >"$F"
    run timeout 5 "$EVICT" "$BATS_TEST_TMPDIR/fifo" "$F"
    [ "$status" -eq 2 ]
    [[ $output == *"fifo: not a regular file"* ]]
    [[ $output == *"evict: $F pages=1 "* ]]
}

@test "an empty file has no pages and is fine" {
    : >"$F"
    run "$EVICT" "$F"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *"pages=0 resident_before=0 resident_after=0" ]]
}

# as_nobody CMD...: CMD as uid/gid 65534 with no groups (root only).
as_nobody() {
    setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}

@test "as uid 65534, a root-owned file's pages are unknown, never 'all resident'; its own file is counted" {
    [ "$(id -u)" = 0 ] || skip "needs root to become uid 65534"
    type -P setpriv >/dev/null || skip "setpriv is not installed (apt-get install util-linux)"
    # a directory uid 65534 can reach, on a disk (tmpfs pages stay), holding
    # the files and a copy of the tool: BATS_TEST_TMPDIR may be private, and
    # a clone under root's home (mode 700) is no place uid 65534 can enter
    local base dd=''
    for base in "${TMPDIR:-/tmp}" /var/tmp /tmp; do
        [ "$(stat -f -c %T "$base" 2>/dev/null)" != tmpfs ] || continue
        if dd=$(mktemp -d "$base/evict-nobody.XXXXXX"); then break; fi
    done
    # skip-ok: /var/tmp is on the root disk of a plain Debian machine
    [ -n "$dd" ] || skip "no temporary directory on a disk (tmpfs pages cannot be dropped)"
    chmod 755 "$dd"
    cp "$EVICT" "$dd/coldload-evict"
    chmod 755 "$dd/coldload-evict"
    head -c 1M /dev/urandom >"$dd/root-owned"
    chmod 644 "$dd/root-owned"
    head -c 1M /dev/urandom >"$dd/own"
    chown 65534:65534 "$dd/own"
    "$EVICT" "$dd/root-owned" "$dd/own" >/dev/null   # none of either cached now
    run as_nobody "$dd/coldload-evict" --query "$dd/root-owned" "$dd/own"
    rm -rf "$dd"
    [ "$status" -eq 0 ]
    # the kernel would say 256 of 256 resident here: the old lie
    [ "${lines[0]}" = "evict: $dd/root-owned pages=256 resident_before=unknown resident_after=unknown" ]
    [ "$(field "${lines[1]}" resident_before)" -eq 0 ]
    [ "${lines[2]}" = "evict: total files=1 pages=256 resident_before=0 resident_after=0 unknown_files=1 unknown_pages=256 uid=65534" ]
}
