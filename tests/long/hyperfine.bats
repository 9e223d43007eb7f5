#!/usr/bin/env bats
# tests/long/hyperfine.bats -- the cases of tests/report/hyperfine.bats that
# read several fixtures through Python each (about 2-3 s): a threads and a
# cold job as plot_parametrized.py reads them, and the page's binaries.

bats_require_minimum_version 1.5.0
load ../report/helpers
load ../report/hyperfine

@test "hyperfine.json of a threads and a cold job read as plot_parametrized.py reads them (one numeric parameter, the width, where one was set)" {
    summarized results-threads
    # the default cell has no parameter (no width was set, as hyperfine
    # writes a command it did not scan): the whole file is not one scan
    run python3 "$READ" parametrized "$H"
    [ "$status" -eq 1 ]
    [[ $output == *"[default width, idle]'"*"exactly one parameter wanted, found []"* ]]
    # the cells with a width are: every one's one parameter, a number
    jq '{results: [.results[] | select(has("parameters"))]}' "$H" >"$D/widths.json"
    run python3 "$READ" parametrized "$D/widths.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "${lines[-1]}" = "x: width" ]
    [ "$(printf '%s\n' "${lines[@]}" | head -n -1 | cut -f1 | sort -u | tr '\n' ' ')" = "1 2 " ]
    # its older versions: --parameter-name width, other keys ignored
    run python3 "$READ" parametrized "$D/widths.json" --parameter-name width
    [ "$status" -eq 0 ]
    # a curve per load, as a user plots it: the idle cells against their width
    jq '{results: [.results[] | select(has("parameters") and .coldload_parameters.load == "none")]}' "$H" >"$D/idle.json"
    jq '{results: [.results[] | select(has("parameters") and .coldload_parameters.load == "pinned")]}' "$H" >"$D/pinned.json"
    run python3 "$READ" parametrized "$D/idle.json" "$D/pinned.json"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 5 ]
    # a width in words would not do: the reader fails as the script does
    jq '.results[0].parameters.width = "default"' "$D/widths.json" >"$D/words.json"
    run python3 "$READ" parametrized "$D/words.json"
    [ "$status" -eq 1 ]
    [[ $output == *"'default' is not a number"* ]]
    jq '.results[0].parameters.load = "none"' "$D/widths.json" >"$D/two.json"
    run python3 "$READ" parametrized "$D/two.json"
    [ "$status" -eq 1 ]
    # a cold job: hyperfine's runs of a program without a width: no parameter, whiskers
    rm -rf "${D:?}"/*
    summarized results-cold
    [ "$(jq '[.results[] | has("parameters")] | any' "$H")" = false ]
    run python3 "$READ" whisker "$H"
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
