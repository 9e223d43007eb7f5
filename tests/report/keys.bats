#!/usr/bin/env bats
# tests/report/keys.bats -- every output file's columns and keys (summary.csv,
# the charts' .dat files, results.json, hyperfine.json, the plans, compare.csv)
# for every committed fixture, against the list committed in
# tests/fixtures/keys/expected.txt (tests/report/keys.sh writes it): a change
# that drops, renames or adds a column or a JSON key fails here. A deliberate
# change rewrites the list in the same commit:
#   tests/report/keys.sh "$(mktemp -d)" | LC_ALL=C sort >tests/fixtures/keys/expected.txt

bats_require_minimum_version 1.5.0
load helpers

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
}

@test "keys: every output file's columns and JSON keys are the committed list's" {
    mkdir -p "$BATS_TEST_TMPDIR/k"
    bash "$ROOT/tests/report/keys.sh" "$BATS_TEST_TMPDIR/k" | LC_ALL=C sort >"$BATS_TEST_TMPDIR/keys.txt"
    run diff "$ROOT/tests/fixtures/keys/expected.txt" "$BATS_TEST_TMPDIR/keys.txt"
    [ "$status" -eq 0 ] || { echo "$output" | head -40; false; }
}
