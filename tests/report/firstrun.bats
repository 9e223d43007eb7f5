#!/usr/bin/env bats
# tests/report/firstrun.bats -- the report's "Where the first run's
# milliseconds go" from tests/fixtures/results-firstrun (parts known by
# construction, see tests/unit/test_firstrun.c): the figures in the table,
# the chart's data, and a defect in firstrun.csv said in the report without
# costing the rest of it.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
    D=$BATS_TEST_TMPDIR/r
    cp -r "$ROOT/tests/fixtures/results-firstrun" "$D"
}

@test "firstrun.csv (whole.csv empty, as firstrun.sh leaves it): the section's table holds the known parts, the chart's data one bar per copy kind" {
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    md=$D/report.md
    grep -q "^## Where the first run's milliseconds go" "$md"
    grep -q '^\*\*grad, same: 20.300 ms from exec to the first result, 18.300 ms of it beyond the steady call (5 processes)\*\*$' "$md"
    grep -q '^\*\*grad, evicted: 50.300 ms from exec to the first result, 48.300 ms' "$md"
    # (Markdown escapes > and _)
    grep -qF '| total: exec -\> first result | exec -\> main + main -\> first result | 20.300 | 20.100 .. 20.500 (5 processes) |' "$md"
    grep -qF '| of the total: exec -\> main | coldload-exec'"'"'s clock before execve to the constructor | 8.300 | 8.100 .. 8.500 (5 processes) |' "$md"
    grep -qF '| the steady call (the work itself) | median of each process'"'"'s steady calls | 2.000 |' "$md"
    grep -q '^| dynamic linking | total(base) - total(static) | 7.000 | 7.000 .. 7.000 (5 pairs) |$' "$md"
    grep -q '^| OpenBLAS thread pool | total(pool of W) - total(pool of 1) | 3.000 | 3.000 .. 4.000 (5 pairs) |$' "$md"
    grep -q '^| first touch of the work buffers | first call(base) - first call(--prefault) | 1.000 | ' "$md"
    grep -q '^| copy kind (page cache, new file) | total(base, kind) - total(base, same) | 30.000 | ' "$md"
    grep -q '^| of dynamic linking: lazy binding | .* | -1.000 | -1.000 .. -1.000 (5 pairs) |$' "$md"
    [ "$(grep -c '^| remainder | .* | 7.300 |  |$' "$md")" -eq 2 ]
    # same is the copy kinds' baseline: no copy-kind row in its table
    run bash -c "sed -n '/^\*\*grad, same/,/^\*\*grad, evicted/p' '$md' | grep -c '^| copy kind'"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
    grep -q 'id="firstrun"' "$D/report.html"
    grep -q 'src="plots/firstrun.svg"' "$D/report.html"
    [ "$(grep -vc '^#' "$D/plots/firstrun.dat")" -eq 3 ] # the column names, then a bar each
    grep -q '^idx label total_ms steady_lo steady_hi part0_lo ' "$D/plots/firstrun.dat"
    grep -q '^0 "grad/same" 20.3 ' "$D/plots/firstrun.dat"
}

@test "the rounds firstrun.sh took: its row of stops.csv in the section; older results' meta firstrun_stop read the same; the row wins" {
    run "$SUMMARIZE" "$D"
    run grep -c 'The stopping rule took' "$D/report.md"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]   # neither: no sentence
    echo 'firstrun_stop=4 decided' >>"$D/meta.txt"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    grep -q '^The stopping rule took 4 rounds: every part known (decided)\.$' "$D/report.md"
    printf 'harness,load,stressors,cell,width,procs,how\nfirstrun,none,0,,,5,max\n' >"$D/stops.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    grep -q '^The stopping rule took 5 rounds: a part still undecided at the most rounds\.$' "$D/report.md"
    # a threads level's row (no cell) is no first run's
    printf 'harness,load,stressors,cell,width,procs,how\nthreads,none,0,,,3,fixed\n' >"$D/stops.csv"
    "$SUMMARIZE" "$D" >/dev/null
    grep -q '^The stopping rule took 4 rounds' "$D/report.md"
}

@test "a malformed firstrun.csv: its error in the section, the rest of the report written, no chart data" {
    printf 'workload,phase\ngrad,first\n' >"$D/firstrun.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    [[ $output == *"firstrun.csv:1: no column 'params'"* ]]
    grep -q "firstrun.csv:1: no column 'params'" "$D/report.md"
    [ ! -e "$D/plots/firstrun.dat" ]
    [ -s "$D/report.html" ]
}

@test "no firstrun.csv: no section" {
    rm "$D/firstrun.csv"
    printf 'timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,proc\n2026-01-01T00:00:00.000Z,h,cold,idle,0,same,,,,,hyperfine,same,1,2.0,1,1,,,0,none,1\n' >"$D/whole.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    run ! grep -q "first run's milliseconds" "$D/report.md"
}

@test "a directory of the first-run parts alone (make firstrun): the first question points at their section, Charts says where their chart is, never \"No chart\" above it" {
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    md=$D/report.md
    grep -qF "Not answered here: this run has no cold starts and no first calls of warm runs, which the answer compares; it holds the first-run parts (below: Where the first run's milliseconds go)." "$md"
    run ! grep -q 'Not measured here: this run has no cold starts and no first calls' "$md"
    grep -qF "No chart of these: the results hold no rows they show; the first-run parts' chart is in their section, below." "$md"
    run ! grep -q '^No chart: ' "$md"
    grep -q '](plots/firstrun.png)' "$md"
}
