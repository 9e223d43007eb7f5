#!/usr/bin/env bats
# tests/report/hyperfine.bats -- hyperfine.json (docs/json.md#hyperfinejson):
# coldload-summarize writes it beside results.json, in hyperfine's export
# format, and what hyperfine's scripts read from such a file reads from it
# (tests/report/hyperfine_read.py reimplements their reading: Debian ships
# none of them, and they need numpy, scipy and matplotlib). On the committed
# fixtures: a threads job, a threads job with stopped runs, a cold job, and
# the page's binaries. The jq schema is tests/report/hyperfine-schema.jq.

bats_require_minimum_version 1.5.0
load helpers

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

@test "hyperfine.json of a threads job: hyperfine's schema, one result per cell, one time per run" {
    summarized results-threads
    jq -e -f "$SCHEMA" "$H" >/dev/null
    # the cells are summary.csv's rows, each run one time
    [ "$(jq '.results | length' "$H")" = "$(($(wc -l <"$D/summary.csv") - 1))" ]
    [ "$(jq '[.results[].times | length] | add' "$H")" = "$(grep -c ',steady,' "$D/samples.csv")" ]
    # the program, its cell named; one parameter, the width (0: the default
    # cell, none set), and the cell's parts as strings beside it
    jq -r '.results[].command' "$H" | grep -qx '/opt/progs/omp \[width 2, pinned\]'
    jq -r '.results[].command' "$H" | grep -qx '/opt/progs/omp \[default width, idle\]'
    [ "$(jq -c '.results[] | select(.command == "/opt/progs/omp [width 2, pinned]") | .parameters' "$H")" = \
        '{"width":"2"}' ]
    [ "$(jq -c '.results[] | select(.command == "/opt/progs/omp [width 2, pinned]") | .coldload_parameters' "$H")" = \
        '{"width":"2","load":"pinned","copy":"inplace"}' ]
    [ "$(jq -c '.results[] | select(.command == "/opt/progs/omp [default width, idle]") | [.parameters, .coldload_parameters]' "$H")" = \
        '[{"width":"0"},{"width":"default","load":"none","copy":"inplace"}]' ]
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

@test "hyperfine.json of a threads and a cold job read as plot_parametrized.py reads them (one numeric parameter, the width)" {
    summarized results-threads
    # the whole file: every result's one parameter, width, a number (the default cell 0)
    run python3 "$READ" parametrized "$H"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "${lines[-1]}" = "x: width" ]
    [ "$(printf '%s\n' "${lines[@]}" | head -n -1 | cut -f1 | sort -u | tr '\n' ' ')" = "0 1 2 " ]
    # its older versions: --parameter-name width, other keys ignored
    run python3 "$READ" parametrized "$H" --parameter-name width
    [ "$status" -eq 0 ]
    # a curve per load, as a user plots it: the idle cells against their width
    jq '{results: [.results[] | select(.coldload_parameters.load == "none")]}' "$H" >"$D/idle.json"
    jq '{results: [.results[] | select(.coldload_parameters.load == "pinned")]}' "$H" >"$D/pinned.json"
    run python3 "$READ" parametrized "$D/idle.json" "$D/pinned.json"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 7 ]
    # a width in words would not do: the reader fails as the script does
    jq '.results[0].parameters.width = "default"' "$H" >"$D/words.json"
    run python3 "$READ" parametrized "$D/words.json"
    [ "$status" -eq 1 ]
    [[ $output == *"'default' is not a number"* ]]
    jq '.results[0].parameters.load = "none"' "$H" >"$D/two.json"
    run python3 "$READ" parametrized "$D/two.json"
    [ "$status" -eq 1 ]
    # a cold job: hyperfine's runs of a program without a width (0), read both ways
    rm -rf "${D:?}"/*
    summarized results-cold
    run python3 "$READ" parametrized "$H"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(printf '%s\n' "${lines[@]}" | head -n -1 | cut -f1 | sort -u)" = 0 ]
    run python3 "$READ" whisker "$H"
    [ "$status" -eq 0 ]
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

@test "hyperfine.json of the page's binaries: hyperfine's runs of a cold copy, each process's median steady call otherwise" {
    summarized results-procs
    jq -e -f "$SCHEMA" "$H" >/dev/null
    [ "$(jq -r '.results[] | select(.command == "grad n=1000 [width 1, idle, fresh]") | .coldload_time' "$H")" = \
        "whole process (hyperfine)" ]
    local sel='.results[] | select(.command == "grad n=1000 [width 2, pinned, inplace]")'
    [ "$(jq -r "$sel | .coldload_time" "$H")" = "median steady call of each process" ]
    # each process's median steady call, in seconds
    [ "$(jq "$sel | .times | length" "$H")" = 5 ]
    local want
    want=$(python3 -c '
import csv, statistics, sys
runs = {}
for r in csv.DictReader(open(sys.argv[1])):
    if (r["workload"], r["width"], r["load"], r["phase"]) == ("grad", "2", "pinned", "steady"):
        runs.setdefault(r["run_id"], []).append(float(r["ms"]))
print(" ".join("%.9g" % (statistics.median(v) / 1000) for v in runs.values()))' "$D/samples.csv")
    [ "$(jq -r "$sel | .times[]" "$H" | awk '{ printf "%s%.9g", (NR > 1 ? " " : ""), $1 }')" = "$want" ]
    [ "$(jq "$sel | .user" "$H")" = null ]
    run python3 "$READ" stats "$H"
    [ "$status" -eq 0 ]
    run python3 "$READ" whisker "$H"
    [ "$status" -eq 0 ]
}

@test "--export-hyperfine FILE writes the same document there too" {
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    run "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/export.json" "$D"
    [ "$status" -eq 0 ]
    cmp "$D/hyperfine.json" "$BATS_TEST_TMPDIR/export.json"
    [ -z "$(find "$D" "$BATS_TEST_TMPDIR" -maxdepth 1 -name '.*.json.*')" ]
    run "$SUMMARIZE" --no-report --export-hyperfine "$BATS_TEST_TMPDIR/no/such/dir/x.json" "$D"
    [ "$status" -eq 1 ]
    [[ $output == *"no/such/dir/x.json"* ]]
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
