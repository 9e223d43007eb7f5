# tests/harness/errors.bash -- shared by tests/harness/errors.bats and
# tests/long/errors.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

bats_require_minimum_version 1.5.0   # run ! (a bare ! cannot fail a test)

setup() {
    need_binaries
    OUT=$BATS_TEST_TMPDIR/out
}

# A PATH holding every tool of /usr/bin (and /bin, /usr/local/bin) except the named ones.
path_without() {
    local dir=$BATS_TEST_TMPDIR/path x
    mkdir -p "$dir"
    # One ln per directory; names already linked from an earlier one stay.
    ln -s /usr/bin/* "$dir/" 2>/dev/null || true
    ln -s /bin/* /usr/local/bin/* "$dir/" 2>/dev/null || true
    for x in "$@"; do rm -f "$dir/$x"; done
    echo "$dir"
}

# --- what an adversarial probe found --------------------------------
