# tests/harness/coldtrace.bash -- shared by tests/harness/coldtrace.bats and
# tests/long/coldtrace.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

bats_require_minimum_version 1.5.0   # run ! (a bare ! cannot fail a test)

setup() {
    need_binaries
    type -P gcc >/dev/null || skip "gcc is needed to build the test program (make deps-test)"
    # shellcheck source=harness/lib/coldtrace.sh
    . "$ROOT/harness/lib/coldtrace.sh"
    # tmpfs pages cannot be dropped (they are the file): work on a disk.
    d=$BATS_TEST_TMPDIR
    if [ "$(stat -f -c %T "$d")" = tmpfs ]; then d=$(mktemp -d "$ROOT/build/coldtrace-test.XXXXXX"); fi
    PROG=$d/coldtrace_prog DATA=$d/known.dat LIB=$d/libknown.so
    gcc -O1 -o "$PROG" "$ROOT/tests/harness/coldtrace_prog.c" -ldl
    head -c 256K /dev/urandom >"$DATA"
    # a library nothing else maps, so its pages are ours to drop: a copy of libm
    cp "$(gcc -print-file-name=libm.so.6)" "$LIB"
}

teardown() {
    [ "$d" = "$BATS_TEST_TMPDIR" ] || rm -rf -- "$d"
}
