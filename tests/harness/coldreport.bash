# tests/harness/coldreport.bash -- shared by tests/harness/coldreport.bats and
# tests/long/coldreport.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

bats_require_minimum_version 1.5.0

setup() {
    need_binaries
    [ -x "$B/coldload-summarize" ] || skip "build the binaries first (make)"
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
}
