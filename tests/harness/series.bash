# tests/harness/series.bash -- shared by tests/harness/series.bats and
# tests/long/series.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

P=$PROGS
RE='time: ([0-9.]+) ms'

setup() {
    [ -x "$B/coldload-run" ] && [ -x "$B/coldload-series" ] || skip "build the binaries first (make)"
    O=$BATS_TEST_TMPDIR/out
}

# threads ARGS...: a small threads run of warmup_calls.sh
threads() {
    run bash "$H/threads.sh" --quick --procs 2 --load pinned --widths 1 --out "$O" \
        --binary "$P/warmup_calls.sh" "$@"
}
