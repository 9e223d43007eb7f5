# tests/harness/usage.bash -- shared by tests/harness/usage.bats and
# tests/long/usage.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

setup() {
    need_binaries
    R=$BATS_TEST_TMPDIR/results
    mkdir -p "$R/old"
    ln -s old "$R/latest"
    cd "$BATS_TEST_TMPDIR"
}

# nothing_made: R holds only what setup made, latest still -> old.
nothing_made() {
    [ "$(ls "$R")" = "$(printf 'latest\nold')" ] || { ls -la "$R"; return 1; }
    [ "$(readlink "$R/latest")" = old ]
}
