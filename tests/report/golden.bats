#!/usr/bin/env bats
# tests/report/golden.bats -- every committed fixture's outputs byte for byte
# against tests/fixtures/golden/<fixture>/ (made by tests/report/golden.sh
# update, `make golden`): a refactor that changes a figure, a verdict's
# wording, a chart's rows or the report fails here. A deliberate change
# regenerates the golden files in a commit of its own that names it.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
}

# golden_check NAME: render tests/fixtures/NAME and diff it with its golden copy.
golden_check() {
    local name=$1 golden=$ROOT/tests/fixtures/golden/$1
    [ -d "$golden" ]
    run bash "$ROOT/tests/report/golden.sh" render "$ROOT/tests/fixtures/$name" "$BATS_TEST_TMPDIR/$name"
    [ "$status" -eq 0 ]
    run diff -r "$golden" "$BATS_TEST_TMPDIR/$name"
    [ "$status" -eq 0 ] || { echo "$output" | head -40; false; }
}

@test "golden: every fixture has golden outputs, and every golden set a fixture" {
    local fx names=() gold=()
    for fx in "$ROOT"/tests/fixtures/results-*/; do fx=${fx%/}; names+=("${fx##*/}"); done
    for fx in "$ROOT"/tests/fixtures/golden/*/; do fx=${fx%/}; gold+=("${fx##*/}"); done
    [ "${#names[@]}" -ge 2 ]
    # a new fixture needs its golden outputs: `make golden`, then commit them
    [ "${names[*]}" = "${gold[*]}" ] || { echo "fixtures: ${names[*]}; golden: ${gold[*]} (make golden)"; false; }
    for fx in "${gold[@]}"; do
        [ -s "$ROOT/tests/fixtures/golden/$fx/summary.csv" ]
        [ -s "$ROOT/tests/fixtures/golden/$fx/verdicts.txt" ]
    done
}

@test "golden: every fixture byte for byte (results-small: legacy layout; results-procs: placement, load kinds, K processes; results-cold: a cold-only job)" {
    local fx
    for fx in "$ROOT"/tests/fixtures/results-*/; do
        fx=${fx%/}
        golden_check "${fx##*/}"
    done
}

@test "golden: a changed figure is caught" {
    local name=results-small w=$BATS_TEST_TMPDIR/changed
    cp -r "$ROOT/tests/fixtures/$name" "$w"
    sed -i '3s/,6\.120000,/,6.130000,/' "$w/samples.csv"
    mkdir -p "$BATS_TEST_TMPDIR/x"
    mv "$w" "$BATS_TEST_TMPDIR/x/$name"
    run bash "$ROOT/tests/report/golden.sh" render "$BATS_TEST_TMPDIR/x/$name" "$BATS_TEST_TMPDIR/out"
    [ "$status" -eq 0 ]
    run ! diff -q "$ROOT/tests/fixtures/golden/$name/summary.csv" "$BATS_TEST_TMPDIR/out/summary.csv"
}
