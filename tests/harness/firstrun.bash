# tests/harness/firstrun.bash -- shared by tests/harness/firstrun.bats and
# tests/long/firstrun.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

bats_require_minimum_version 1.5.0

setup() {
    need_binaries
    [ -x "$B/coldload-exec" ] || skip "build the binaries first (make)"
}

# checksums FILE: "workload phase checksum" of every result row, sorted.
checksums() {
    paste -d' ' <(col "$1" workload) <(col "$1" phase) <(col "$1" checksum) |
        awk '$2 == "first" || $2 == "steady"' | sort -u
}
