# tests/report/hyperfine.bash -- shared by tests/report/hyperfine.bats and
# tests/long/hyperfine.bats: the reader and schema, the setup, a summarized
# fixture.
# shellcheck shell=bash
# Its variables are read by the .bats files that load it.
# shellcheck disable=SC2034

READ=$ROOT/tests/report/hyperfine_read.py
SCHEMA=$ROOT/tests/report/hyperfine-schema.jq
COMPARE=$ROOT/build/coldload-compare

setup() {
    need_results
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
    command -v python3 >/dev/null || skip "python3 is not installed"
}

# summarized FIXTURE: a copy of tests/fixtures/FIXTURE summarized into $D; H its hyperfine.json.
summarized() {
    cp -r "$ROOT/tests/fixtures/$1/." "$D/"
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    H=$D/hyperfine.json
    [ -s "$H" ]
}

# col FILE NAME: the index (1-based) of a CSV column.
col() { head -1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }
