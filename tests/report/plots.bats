#!/usr/bin/env bats
# tests/report/plots.bats -- charts and report from the committed fixture
# results directory: non-empty PNG and SVG with the expected titles, stale
# charts removed, `make plots` measuring nothing, and the section on the scan
# (results-small-scan: a report directory with one in scan-run/; without one,
# a single line). report.html in headless Chromium: tests/long/browser.bats.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
    D=$BATS_TEST_TMPDIR/fx
    fixture_copy "$D"
}

CHARTS="first_vs_steady idle_vs_loaded cold_start trg"

@test "plots.sh renders every chart of the fixture as non-empty PNG and SVG" {
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 0 ]
    [[ $output == *"4 chart(s)"* ]]
    for c in $CHARTS; do
        [ -s "$D/plots/$c.png" ]
        [ -s "$D/plots/$c.svg" ]
        [ "$(head -c 8 "$D/plots/$c.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
        grep -q '<svg' "$D/plots/$c.svg"
    done
}

@test "chart titles name the chart, the machine, the widths and the stressors; axes have units" {
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    machine='vm: AMD EPYC 7B13 (synthetic fixture), 2 CPUs'
    grep -q "First run vs steady state · $machine · widths 1 2" "$D/plots/first_vs_steady.svg"
    grep -q "Idle vs loaded, one dot per process · $machine · widths 1 2 · loaded: stress-ng --cpu 2" "$D/plots/idle_vs_loaded.svg"
    grep -q "Cold start: first run in the process and whole process · $machine" "$D/plots/cold_start.svg"
    grep -q "TRG value_and_grad per beta · $machine · widths 1 2 · loaded: stress-ng --cpu 2" "$D/plots/trg.svg"
    for c in $CHARTS; do grep -q '(ms, log scale)' "$D/plots/$c.svg"; done
    # the labels: cells on the x axis, slowdowns over the loaded cells
    grep -q '>svdvals w2 loaded<' "$D/plots/idle_vs_loaded.svg"
    grep -q '>svdvals w2 idle<' "$D/plots/idle_vs_loaded.svg"
    grep -q '>329x<' "$D/plots/idle_vs_loaded.svg"
    grep -q '>grad dropcache<' "$D/plots/cold_start.svg"
    grep -q '>width 2 loaded S=2<' "$D/plots/trg.svg"
}

@test "runs stopped before they ended: an open triangle at the bound, in the key only when there is one" {
    local c C=$BATS_TEST_TMPDIR/censored
    cp -r "$ROOT/tests/fixtures/results-threads-censored" "$C"
    run bash "$ROOT/harness/plots.sh" --results "$C"
    [ "$status" -eq 0 ]
    for c in idle_vs_loaded placement; do
        grep -q '<text>stopped: at least this long</text>' "$C/plots/$c.svg"
        # pt 8 (the SVG's gpPt7): the 4 stopped runs (3 pinned, 1 free) and the key's sample
        [ "$(grep -c "#gpPt7' transform" "$C/plots/$c.svg")" -eq 5 ]
    done
    grep -q '<text>>=20x</text>' "$C/plots/idle_vs_loaded.svg"
    # nothing stopped: no triangle, no key entry
    bash "$ROOT/harness/plots.sh" --results "$D" >/dev/null 2>&1
    run grep -q 'stopped: at least' "$D/plots/idle_vs_loaded.svg"
    [ "$status" -eq 1 ]
    [ "$(grep -c "#gpPt7' transform" "$D/plots/idle_vs_loaded.svg")" -eq 0 ]
}

@test "no gnuplot warning: a series with no point (no free load, nothing stopped, the cells' names) is not drawn, in a pinned and free job and in a CPU-quota job" {
    local Q=$BATS_TEST_TMPDIR/quota f
    cp -r "$ROOT/tests/fixtures/results-threads" "$Q"
    run bash "$ROOT/harness/plots.sh" --results "$Q"
    [ "$status" -eq 0 ]
    [[ $output != *"warning: Skipping data file"* ]]
    [[ $output == *"2 chart(s)"* ]]
    # its loaded level a CPU quota alone: no pinned, free or stopped dot
    for f in runs.csv samples.csv whole.csv; do
        sed -i -e '/,free,/d' -e 's/,pinned,/,quota,/' "$Q/$f"
    done
    run bash "$ROOT/harness/plots.sh" --results "$Q"
    [ "$status" -eq 0 ]
    [[ $output != *"warning:"* ]]
    [[ $output == *"2 chart(s)"* ]]
    # every cell still named on the x axis
    [ "$(grep -c '>omp w[^<]* quota</text>' "$Q/plots/idle_vs_loaded.svg")" -eq 3 ]
}

@test "legacy fixture: no cpus column, so no placement chart" {
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    [ ! -e "$D/plots/placement.dat" ]
    [ ! -e "$D/plots/placement.png" ]
}

@test "a chart with no rows any more is removed, not left stale; the report stops linking it" {
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    [ -s "$D/plots/idle_vs_loaded.png" ]
    grep -v ',loaded,2,' "$D/samples.csv" >"$D/s"
    mv "$D/s" "$D/samples.csv"
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 0 ]
    [ ! -e "$D/plots/idle_vs_loaded.png" ]
    [ ! -e "$D/plots/idle_vs_loaded.svg" ]
    [ ! -e "$D/plots/idle_vs_loaded.dat" ]
    run grep -q 'idle_vs_loaded' "$D/report.html"
    [ "$status" -eq 1 ]
    [ -s "$D/plots/first_vs_steady.svg" ]
}

@test "make plots RESULTS=dir re-renders without measuring (the CSVs are untouched)" {
    before=$(cat "$D/samples.csv" "$D/whole.csv" | cksum)
    run make -s -C "$ROOT" plots RESULTS="$D"
    [ "$status" -eq 0 ]
    [ "$(cat "$D/samples.csv" "$D/whole.csv" | cksum)" = "$before" ]
    for c in $CHARTS; do [ -s "$D/plots/$c.svg" ]; done
    [ -s "$D/report.html" ]
    [ -s "$D/report.md" ]
}

@test "plots.sh: a missing results dir or a broken CSV exits non-zero with a message" {
    run bash "$ROOT/harness/plots.sh" --results "$BATS_TEST_TMPDIR/none"
    [ "$status" -eq 2 ]
    [[ $output == *"no results directory"* ]]
    echo "not,a,row" >>"$D/samples.csv"
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 2 ]
    [[ $output =~ samples.csv:[0-9]+: ]]
}

# plots.sh's --results is the option table's (harness/lib/opttable.sh), and
# the words after -- go to coldload-summarize as they are.
@test "plots.sh: a bad --results or another flag is exit 2, a one-line error pointing at --help; -- FLAGS reach coldload-summarize" {
    local args want
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        run bash "$ROOT/harness/plots.sh" $args
        [ "$status" -eq 2 ] || { echo "$args: exit $status: $output"; false; }
        [ "${#lines[@]}" -eq 1 ] || { echo "$args: ${#lines[@]} lines: $output"; false; }
        [ "${lines[0]}" = "coldload plots: $want (see harness/plots.sh --help)" ] || { echo "$args: ${lines[0]}"; false; }
    done <<EOT
--results|--results needs a value
--results -r|--results needs a path, got '-r' (a flag? ./-r names a file of that name)
--results --bogus|--results needs a value, got the flag '--bogus'
--results $D --out x|unknown option '--out'
--results $D $D|unknown option '$D'
EOT
    [ ! -e "$D/report.html" ]
    run bash "$ROOT/harness/plots.sh" --results "$D" -- --zz-not-a-flag
    [ "$status" -eq 2 ]
    [[ $output == *"coldload-summarize: "*"--zz-not-a-flag"* ]]
    [ ! -e "$D/report.html" ]
}

@test "report.md: the two answers first, then charts, verdicts (a table), summary table, runs and metadata" {
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    order=$(grep -n '^## ' "$D/report.md" | cut -d: -f2 | tr '\n' '|')
    [ "$order" = "## Is the first run slow here, and why?|## Do threads hurt under full load here?|## Charts|## The map of when threads hurt|## Verdicts|## Summary|## Runs|## Metadata|" ]
    grep -q '^| \*\*WARN contention\*\* | svdvals size=256, wait block, loaded (stressors 2), copy inplace | under load width 2 is' "$D/report.md"
    # a legacy run (no load kinds): the loaded answer still comes from its figures
    grep -q '^\*\*Yes, when every core is taken: under full load ' "$D/report.md"
    grep -q '^Under load (stress-ng --cpu 2): at width \\> 1, 4 of 4 processes were at least 5x slower than idle' "$D/report.md"
    grep -q '^!\[Idle vs loaded, one dot per process\](plots/idle_vs_loaded.png)' "$D/report.md"
    grep -q 'width 2: svdvals 256x256      | first 1510.000' "$D/report.md"
    grep -q '^cpu_model=AMD EPYC 7B13 (synthetic fixture)' "$D/report.md"
}

# The results-small-scan fixture: results-small with the synthetic scan of
# results-scan under scan-run/ (tests/report/scanreport_fixture.sh), whose
# recommendation is known from how its medians were made.
@test "a results directory with a scan: the section with its counts, recommendation, charts and verdict" {
    command -v gnuplot >/dev/null || skip "gnuplot missing (make deps)"
    rm -rf "$D"
    cp -r "$ROOT/tests/fixtures/results-small-scan" "$D"
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 0 ]
    [[ $output == *"scan charts in $D/scan-run/scan"* ]]
    for c in heatmap-grad heatmap-svdvals wait-grad wait-svdvals; do
        [ "$(head -c 8 "$D/scan-run/scan/$c.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
        grep -q '<svg' "$D/scan-run/scan/$c.svg"
    done
    md=$D/report.md
    order=$(grep -n '^## ' "$md" | cut -d: -f2 | tr '\n' '|')
    [ "$order" = "## Is the first run slow here, and why?|## Do threads hurt under full load here?|## Charts|## The map of when threads hurt|## Verdicts|## Summary|## Runs|## Metadata|" ]
    # the counts: 84 cells, 3 of them cut, 252 processes in the ledger, 3 a cell, 240 s
    grep -q '^The scan (scan-run/): 84 cells on 2 CPUs; 3 cells cut (processes: 1 by their budget, 4 stopped inside a call, 0 never started); 252 processes in its ledger (scan-run/scan-cells.csv), 3 per cell, deadline 240 s\.' "$md"
    # the recommendation: grad never threads; svdvals takes width 4 only idle
    grep -qx -- '- grad: width 1 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers' "$md"
    grep -qx -- '- svdvals: width 4 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers' "$md"
    [ "$(grep -c '^- .*: width .* load workers*' "$md")" -eq 2 ]
    # both charts per workload, linked where plots.sh drew them
    for c in heatmap-grad heatmap-svdvals wait-grad wait-svdvals; do
        grep -q "^!\[.*\](scan-run/scan/$c.png)$" "$md"
        grep -q "<img src=\"scan-run/scan/$c.png\"" "$D/report.html"
    done
    # the verdict lines, as coldload-scan wrote them (the first is the counts above), in a fenced block
    grep -qx '  svdvals, 0 load workers: best width 4 (1.25 ms, 0.25x idle width 1; 3 procs); auto chose 2: 2.5 ms, 2x the best' "$md"
    grep -qx '  grad: spin 74.7x (6 cells) yield 59.8x (6 cells) block 49.8x (6 cells); degrades least: block' "$md"
    [ "$(grep -c '^  .*degrades least: block$' "$md")" -eq 2 ]
    # every picture the page links exists alongside it
    grep -o 'src="[^"]*"' "$D/report.html" | cut -d'"' -f2 >"$D/srcs"
    [ "$(grep -c '^scan-run/scan/' "$D/srcs")" -eq 4 ]
    while read -r src; do [ -s "$D/$src" ]; done <"$D/srcs"
    grep -q '<section id="scan">' "$D/report.html"
    grep -q '<li>svdvals: width 4 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers</li>' "$D/report.html"
    grep -q 'svdvals: spin where the width exceeds the free CPUs costs +2002 ms a call over block' "$D/report.html"
    # the threads answer cites the recommendation, after its own figures
    grep -q '^Under load .* The scan (scan-run/) recommends, per pinned load workers: grad: width 1 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers; svdvals: width 4 with 0 load workers, width 1 with 1 load worker, width 1 with 2 load workers\.$' "$md"
    # the report's own cells are results-small's: the scan's rows are not in them
    [ "$(cut -d, -f8 "$D/summary.csv" | sort -u | tr '\n' ' ')" = "cold harness loaded warm " ]
}

@test "a results directory without a scan: one line saying so and how to get one; no answer cites it" {
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    section=$(sed -n '/^## The map of when threads hurt$/,/^## Verdicts$/p' "$D/report.md" | grep -v '^$')
    [ "$(echo "$section" | wc -l)" -eq 3 ]
    [[ $(echo "$section" | sed -n 2p) == "Not measured here: these results hold no scan (scan-run/scan/verdict.txt). make report SCAN=1 runs it"*"make scan runs it alone." ]]
    run ! grep -q 'recommends' "$D/report.md"
    [ ! -e "$D/scan-run" ]
    grep -q '<section id="scan">' "$D/report.html"
    run ! grep -q 'scan-run/scan/heatmap' "$D/report.html"
    # a scan-run/ without a verdict: a scan that did not finish, said as such
    mkdir -p "$D/scan-run/logs"
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    grep -qx 'The scan did not finish: scan-run/ holds no scan/verdict.txt (or an empty one). Its logs are in scan-run/logs/, .*' "$D/report.md"
    run ! grep -q 'Not measured here: these results hold no scan' "$D/report.md"
}

@test "report.sh: --help, and bad flags exit 2 before anything is measured" {
    run bash "$ROOT/harness/report.sh" --help
    [ "$status" -eq 0 ]
    [[ $output == *"usage: harness/report.sh [--quick] [--out DIR]"* ]]
    # (the lines are wrapped: blanks and newlines squeezed)
    [[ $(tr -s ' \n' '  ' <<<"$output") == *" --scan run the scan "*"deadline is 240 s"*" --no-scan "* ]]
    for args in "--bogus" "--widths 0" "--widths x" "--budget -1" "--stressors" "--runs 0" "--runs=0" "--quick=1" \
        "--scan=maybe" "--scan=" "--scan=wait" "--no-scan=1"; do
        # shellcheck disable=SC2086
        run bash "$ROOT/harness/report.sh" --out "$BATS_TEST_TMPDIR/never" $args
        [ "$status" -eq 2 ]
        [ ! -e "$BATS_TEST_TMPDIR/never" ]
    done
}
