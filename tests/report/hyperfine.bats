#!/usr/bin/env bats
# tests/report/hyperfine.bats -- hyperfine.json (docs/json.md#hyperfinejson):
# coldload-summarize writes it beside results.json, in hyperfine's export
# format, and what hyperfine's scripts read from such a file reads from it
# (tests/report/hyperfine_read.py reimplements their reading: Debian ships
# none of them, and they need numpy, scipy and matplotlib). On the committed
# fixtures: a threads job, a threads job with stopped runs, a cold job, and
# the page's binaries (the last, and plot_parametrized.py's reading:
# tests/long/hyperfine.bats). The jq schema is tests/report/hyperfine-schema.jq.

bats_require_minimum_version 1.5.0
load helpers
load hyperfine

@test "hyperfine.json of a threads job: hyperfine's schema, one result per cell, one time per run" {
    summarized results-threads
    jq -e -f "$SCHEMA" "$H" >/dev/null
    # the cells are summary.csv's rows, each run one time
    [ "$(jq '.results | length' "$H")" = "$(($(wc -l <"$D/summary.csv") - 1))" ]
    [ "$(jq '[.results[].times | length] | add' "$H")" = "$(grep -c ',steady,' "$D/samples.csv")" ]
    # the program, its cell named; one parameter, the width (none for the
    # default cell: no width was set), and the cell's parts as strings beside it
    jq -r '.results[].command' "$H" | grep -qx '/opt/progs/omp \[width 2, pinned\]'
    jq -r '.results[].command' "$H" | grep -qx '/opt/progs/omp \[default width, idle\]'
    [ "$(jq -c '.results[] | select(.command == "/opt/progs/omp [width 2, pinned]") | .parameters' "$H")" = \
        '{"width":"2"}' ]
    [ "$(jq -c '.results[] | select(.command == "/opt/progs/omp [width 2, pinned]") | .coldload_parameters' "$H")" = \
        '{"width":"2","load":"pinned","copy":"inplace"}' ]
    [ "$(jq -c '.results[] | select(.command == "/opt/progs/omp [default width, idle]") | [.parameters, .coldload_parameters]' "$H")" = \
        '[null,{"width":"default","load":"none","copy":"inplace"}]' ]
    # a run's time is its samples.csv steady row's ms, in seconds
    local ms t
    ms=$(awk -F, -v c="$(col "$D/samples.csv" ms)" -v w="$(col "$D/samples.csv" width)" \
        -v l="$(col "$D/samples.csv" load)" '$w == 2 && $l == "pinned" { printf "%.9g\n", $c / 1000 }' "$D/samples.csv" | sort -g)
    t=$(jq -r '.results[] | select(.command == "/opt/progs/omp [width 2, pinned]") | .times[]' "$H" | awk '{ printf "%.9g\n", $1 }' | sort -g)
    [ "$ms" = "$t" ]
    # user and system: the runs' CPU time (runs.csv), in seconds
    [ "$(jq '[.results[] | .user | type] | unique' "$H" | tr -d ' \n')" = '["number"]' ]
}

@test "hyperfine.json of a threads job read as plot_whisker.py, advanced_statistics.py and welch_ttest.py read it" {
    summarized results-threads
    run python3 "$READ" whisker "$H"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 9 ]
    [[ ${lines[0]} == "/opt/progs/omp [default width, idle]"$'\t'3$'\t'* ]]
    run python3 "$READ" whisker "$H" --sort-by median
    [ "$status" -eq 0 ]
    run python3 "$READ" stats "$H"
    [ "$status" -eq 0 ]
    [[ $output == *"Command '/opt/progs/omp [width 1, idle]'"* ]]
    run python3 "$READ" histogram "$H"
    [ "$status" -eq 0 ]
    run python3 "$READ" progression "$H"
    [ "$status" -eq 0 ]
    # welch reads exactly two results: idle against pinned at width 1
    jq '{results: [.results[] | select(.command | test("width 1, (idle|pinned)"))]}' "$H" >"$D/two.json"
    run python3 "$READ" welch "$D/two.json"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Command 1: /opt/progs/omp [width 1, idle]" ]
    [[ ${lines[2]} == "t = -"* ]]
    run python3 "$READ" welch "$H"
    [ "$status" -eq 1 ]
}

@test "hyperfine.json: a run stopped before it ended is its bound, coldload_censored 1, no exit code" {
    summarized results-threads-censored
    jq -e -f "$SCHEMA" "$H" >/dev/null
    local sel='.results[] | select(.command == "/opt/progs/omp [width 2, pinned]")'
    [ "$(jq -c "$sel | .coldload_censored" "$H")" = '[1,1,1]' ]
    [ "$(jq -c "$sel | .exit_codes" "$H")" = '[null,null,null]' ]
    [ "$(jq -c "$sel | .times" "$H")" = '[9.4,9.4,9.4]' ]
    # censored=1 rows are those runs, and no other result has a 1
    [ "$(jq '[.results[].coldload_censored[]] | add' "$H")" = \
        "$(awk -F, -v c="$(col "$D/samples.csv" censored)" '$c == 1' "$D/samples.csv" | wc -l)" ]
    run python3 "$READ" stats "$H"
    [ "$status" -eq 0 ]
}

@test "hyperfine.json of a cold job: hyperfine's own runs per copy kind, read as plot_whisker.py reads them" {
    summarized results-cold
    jq -e -f "$SCHEMA" "$H" >/dev/null
    [ "$(jq -r '.results[].command' "$H" | tr '\n' '|')" = \
        '/bin/true [fresh]|/bin/true [same]|/bin/true [evicted]|/bin/true [dropcache]|' ]
    [ "$(jq -r '.results[].coldload_time' "$H" | sort -u)" = "whole process (hyperfine)" ]
    # the times are whole.csv's hyperfine rows of that kind, in order, in seconds
    local want
    want=$(awk -F, -v t="$(col "$D/whole.csv" tool)" -v k="$(col "$D/whole.csv" copy)" \
        -v w="$(col "$D/whole.csv" wall_ms)" '$t == "hyperfine" && $k == "evicted" { printf "%.9g ", $w / 1000 }' "$D/whole.csv")
    [ "$(jq -r '.results[] | select(.command == "/bin/true [evicted]") | .times[]' "$H" | awk '{ printf "%.9g ", $1 }')" = "$want" ]
    run python3 "$READ" whisker "$H"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 4 ]
    [[ ${lines[2]} == "/bin/true [evicted]"$'\t'10$'\t'* ]]
    run python3 "$READ" stats "$H"
    [ "$status" -eq 0 ]
}

@test "--export-hyperfine FILE writes the same document there too" {
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    run "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/export.json" "$D"
    [ "$status" -eq 0 ]
    cmp "$D/hyperfine.json" "$BATS_TEST_TMPDIR/export.json"
    [ -z "$(find "$D" "$BATS_TEST_TMPDIR" -maxdepth 1 -name '.*.json.*')" ]
}

@test "--export-hyperfine onto a device node, a FIFO or a link: refused before anything is written (exit 2), the node left as it was" {
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    local x=$BATS_TEST_TMPDIR/node
    if [ "$(id -u)" = 0 ]; then
        mknod "$x" c 1 3   # /dev/null's numbers
        run --separate-stderr timeout 10 "$SUMMARIZE" --no-report --export-hyperfine "$x" "$D"
        [ "$status" -eq 2 ]
        [ "$stderr" = "coldload-summarize: --export-hyperfine $x: a character device, not a regular file: not replaced" ]
        [ -c "$x" ]
        [ "$(stat -c %t:%T "$x")" = 1:3 ]
        [ ! -e "$D/summary.csv" ]
        [ ! -e "$D/hyperfine.json" ]
    fi
    mkfifo "$BATS_TEST_TMPDIR/fifo"
    run --separate-stderr timeout 10 "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/fifo" "$D"
    [ "$status" -eq 2 ]
    [[ $stderr == *"fifo: a FIFO, not a regular file: not replaced" ]]
    [ -p "$BATS_TEST_TMPDIR/fifo" ]
    echo precious >"$BATS_TEST_TMPDIR/victim"
    ln -s "$BATS_TEST_TMPDIR/victim" "$BATS_TEST_TMPDIR/link.json"
    run --separate-stderr "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/link.json" "$D"
    [ "$status" -eq 2 ]
    [[ $stderr == *"link.json: a symbolic link: not followed" ]]
    [ -L "$BATS_TEST_TMPDIR/link.json" ]
    [ "$(cat "$BATS_TEST_TMPDIR/victim")" = precious ]
    [ ! -e "$D/summary.csv" ]
}

@test "--export-hyperfine where no file can be made (a missing directory, /proc/version, a read-only directory): exit 2 before anything is written" {
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    run --separate-stderr "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/no/such/dir/x.json" "$D"
    [ "$status" -eq 2 ]
    [ "$stderr" = "coldload-summarize: --export-hyperfine $BATS_TEST_TMPDIR/no/such/dir/x.json: no directory $BATS_TEST_TMPDIR/no/such/dir to write it in" ]
    run --separate-stderr "$SUMMARIZE" --no-report --export-hyperfine /proc/version "$D"
    [ "$status" -eq 2 ]
    [[ $stderr == *"--export-hyperfine /proc/version: no file can be made in /proc: "* ]]
    # read-only: a mount, so that root too is refused
    if [ "$(id -u)" = 0 ] && mkdir "$BATS_TEST_TMPDIR/ro" && mount -t tmpfs -o ro,size=64k tmpfs "$BATS_TEST_TMPDIR/ro" 2>/dev/null; then
        run --separate-stderr "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/ro/x.json" "$D"
        umount "$BATS_TEST_TMPDIR/ro"
        [ "$status" -eq 2 ]
        [[ $stderr == *"ro/x.json: no file can be made in $BATS_TEST_TMPDIR/ro: Read-only file system" ]]
    fi
    [ ! -e "$D/summary.csv" ] && [ ! -e "$D/hyperfine.json" ]
}

@test "hyperfine.json: a program path that is not UTF-8 is written escaped (\\xHH, the documents' one rule), the document still whole" {
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    printf 'threads_binary=/opt/pr\xffogs/omp\n' >>"$D/meta.txt"
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    jq -e -f "$SCHEMA" "$D/hyperfine.json" >/dev/null
    jq -r '.results[].command' "$D/hyperfine.json" | grep -qxF '/opt/pr\xffogs/omp [width 2, pinned]'
    run python3 "$READ" whisker "$D/hyperfine.json"
    [ "$status" -eq 0 ]
}

@test "coldload-compare --export-hyperfine: every input's cells, each command naming its input" {
    [ -x "$COMPARE" ] || skip "build/coldload-compare is not built (make)"
    mkdir -p "$D/a" "$D/b"
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/a/"
    cp -r "$ROOT/tests/fixtures/results-threads-censored/." "$D/b/"
    run "$COMPARE" --out "$D/cmp" --label before --label after --export-hyperfine "$D/cmp.json" "$D/a" "$D/b"
    [ "$status" -eq 0 ]
    jq -e -f "$SCHEMA" "$D/cmp.json" >/dev/null
    [ "$(jq '.results | length' "$D/cmp.json")" = 18 ]
    jq -r '.results[].command' "$D/cmp.json" | grep -qx '/opt/progs/omp \[after, width 2, pinned\]'
    [ "$(jq -r '[.results[].coldload_input] | unique | join(" ")' "$D/cmp.json")" = "after before" ]
    # welch between the two inputs' same cell
    jq '{results: [.results[] | select(.command | endswith("width 1, idle]"))]}' "$D/cmp.json" >"$D/two.json"
    run python3 "$READ" welch "$D/two.json"
    [ "$status" -eq 0 ]
}
