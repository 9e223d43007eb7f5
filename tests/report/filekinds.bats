#!/usr/bin/env bats
# tests/report/filekinds.bats -- a results directory is hostile data: where a
# file of coldload's should be, whoever else can write there may have put a
# FIFO, a device node or a symbolic link. The summary reads regular files
# only (a FIFO refused at once with one line, never waited on; a link not
# followed), and writes through no link: plots/ and its chart data are
# coldload's own or refused. Each case runs under `timeout 10`, so a read
# that blocks fails instead of hanging the suite.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    need_results
    rm -rf "$D"
}

@test "a FIFO as samples.csv or meta.txt: refused at once with one line (exit 2), nothing written" {
    for f in samples.csv meta.txt; do
        rm -rf "$D"
        fixture_copy "$D"
        rm "$D/$f"
        mkfifo "$D/$f"
        run --separate-stderr timeout 10 "$SUMMARIZE" "$D"
        [ "$status" -eq 2 ]   # a hang would be timeout's 124
        [ "$stderr" = "coldload-summarize: $D/$f: a FIFO, not a regular file: not read" ]
        [ -p "$D/$f" ]
        [ ! -e "$D/summary.csv" ]
    done
}

@test "a FIFO as a remedy's samples.csv: that remedy left out with a warning, the rest summarised (exit 0)" {
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
    cp -r "$ROOT/tests/fixtures/results-threads-remedies" "$D"
    rm "$D/remedies/r0/samples.csv"
    mkfifo "$D/remedies/r0/samples.csv"
    run --separate-stderr timeout 10 "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    [[ $stderr == *"coldload-summarize: warning: $D/remedies/r0/samples.csv: a FIFO, not a regular file: not read"* ]]
    [ -s "$D/summary.csv" ]
    [ -p "$D/remedies/r0/samples.csv" ]
    [ "$(jq -c '[.remedies[].id]' "$D/results.json")" = '["r1","w1"]' ]
}

@test "a symbolic link for a file or a remedy's directory is not followed: the file refused (exit 2), the remedy left out with a warning" {
    fixture_copy "$D"
    mv "$D/samples.csv" "$BATS_TEST_TMPDIR/elsewhere.csv"
    ln -s "$BATS_TEST_TMPDIR/elsewhere.csv" "$D/samples.csv"
    run --separate-stderr timeout 10 "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [ "$stderr" = "coldload-summarize: $D/samples.csv: a symbolic link: not followed" ]
    rm -rf "$D"
    cp -r "$ROOT/tests/fixtures/results-threads-remedies" "$D"
    mv "$D/remedies/r0" "$BATS_TEST_TMPDIR/r0"
    ln -s "$BATS_TEST_TMPDIR/r0" "$D/remedies/r0"
    run --separate-stderr timeout 10 "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    [[ $stderr == *"warning: $D/remedies/r0: a symbolic link: not followed"* ]]
}

@test "plots/ a symbolic link, or a chart's data a link: nothing written through either (plots/ refused, exit 2; the file's link refused with one line)" {
    fixture_copy "$D"
    mkdir "$BATS_TEST_TMPDIR/victim"
    ln -s "$BATS_TEST_TMPDIR/victim" "$D/plots"
    run --separate-stderr timeout 10 "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [[ $stderr == *"$D/plots: a symbolic link: not followed" ]]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/victim")" ]
    # firstrun.dat was written with fopen(), through whatever was there
    rm -rf "$D"
    cp -r "$ROOT/tests/fixtures/results-firstrun" "$D"
    mkdir -p "$D/plots"
    echo precious >"$BATS_TEST_TMPDIR/victim.txt"
    ln -s "$BATS_TEST_TMPDIR/victim.txt" "$D/plots/firstrun.dat"
    run --separate-stderr timeout 10 "$SUMMARIZE" --no-report "$D"
    [ "$(cat "$BATS_TEST_TMPDIR/victim.txt")" = precious ]
    [ "$status" -eq 0 ]
    [[ $stderr == *"plots/firstrun.dat: a symbolic link: not followed"* ]]
}

@test "a runs.csv of no bytes (the disk filled before the launcher wrote its header): no runs, the summary made (exit 0); one byte of it is refused" {
    cp -r "$ROOT/tests/fixtures/results-runs" "$D"
    : >"$D/runs.csv"
    run --separate-stderr timeout 10 "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ] || { echo "$stderr"; false; }
    [ -s "$D/summary.csv" ]
    # a header cut short is no empty table: the reader's one line
    printf 'w' >"$D/runs.csv"
    run --separate-stderr timeout 10 "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 2 ]
    [[ $stderr == *"$D/runs.csv:1: "* ]]
}
