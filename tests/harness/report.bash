# tests/harness/report.bash -- shared by tests/harness/report.bats and
# tests/long/report.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

bats_require_minimum_version 1.5.0

setup() {
    need_binaries
    for t in gnuplot stress-ng hyperfine jq time timeout; do
        command -v "$t" >/dev/null || skip "$t not installed (make deps)"
    done
    [ -x "$B/coldload-scan" ] && [ -x "$B/coldload-summarize" ] || skip "build the binaries first (make)"
    OUT=$BATS_TEST_TMPDIR/out
    FAKE=$BATS_TEST_TMPDIR/harness
    export CALLS=$BATS_TEST_TMPDIR/calls
    mkdir -p "$FAKE"
    for s in cold warm loaded firstrun scan plots; do stand_in "$s"; done
    export COLDLOAD_HARNESS=$FAKE
}

# stand_in NAME [BODY]: FAKE/NAME.sh appends "NAME ARGS" to CALLS, then runs BODY.
stand_in() {
    printf '#!/usr/bin/env bash\necho "%s $*" >>"$CALLS"\n%s\n' "$1" "${2:-exit 0}" >"$FAKE/$1.sh"
}

# steps: the stand-ins that ran, in order, one word each.
steps() {
    cut -d' ' -f1 "$CALLS" | tr '\n' ' '
}

# missing_keys FILE: meta's missing_step and missing_why lines, one "KEY=VALUE|" each.
missing_keys() {
    grep '^missing' "$1" | tr '\n' '|'
}
