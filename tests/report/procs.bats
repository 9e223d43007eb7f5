#!/usr/bin/env bats
# shellcheck disable=SC2030,SC2031 # bats: `run` sets status/lines for the helpers after it
# tests/report/procs.bats -- K processes per cell: per-process
# medians, slow_procs and the bootstrap interval from data with known medians,
# placement shares, bimodal and loaded-first, contention on pinned load only,
# the dot chart's one point per process, the placement chart, and the
# report's opening answers and missing-half line.

load helpers

setup() {
    need_results
}

# cell WORKLOAD WIDTH LOAD CPUS "MEDIAN..." : one process per median, each
# with the steady calls MEDIAN-1%, MEDIAN, MEDIAN+1% (so its median is exact).
cell() {
    local m p=0
    for m in $5; do
        p=$((p + 1))
        pseries "$S" "$1" "$2" "$3" "$p" "$4" "$m" "$(awk -v m="$m" 'BEGIN { print m * 0.99, m, m * 1.01 }')"
    done
}

@test "per-process medians, slow_procs, interval: exact figures from known medians" {
    cell svdvals 2 none "0;1" "1 2 3 4 5"
    cell svdvals 2 pinned "0;1" "100 200 300 400 500"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    sum=$D/summary.csv
    [ "$(col "$sum" '$c["load"] == "none"' procs proc_median_min_ms proc_median_median_ms proc_median_max_ms slow_procs ratio_lo)" = "5 1 3 5  " ]
    [ "$(col "$sum" '$c["load"] == "pinned"' condition procs proc_median_min_ms proc_median_median_ms proc_median_max_ms slow_procs proc_ratio)" = "loaded 5 100 300 500 5 100" ]
    # the bootstrap interval: fixed seed, so these exact figures; it brackets the true 100x
    read -r lo hi < <(col "$sum" '$c["load"] == "pinned"' ratio_lo ratio_hi)
    echo "interval $lo $hi" >&2
    [ "$lo $hi" = "33.3333 300" ]
    awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo < 100 && 100 < hi) }'
    # stable: a second run gives the same bytes
    cp "$sum" "$D/first"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    cmp "$sum" "$D/first"
    # slow_procs follows --contention-wide (>= 150 x the idle median 3 = 450: one process)
    "$SUMMARIZE" --no-report --contention-wide 150 "$D" >/dev/null
    [ "$(col "$sum" '$c["load"] == "pinned"' slow_procs)" = 1 ]
    # earlier columns keep their place: the new ones come after `source`
    head -n1 "$sum" | grep -q ',whole_failed,source,load,procs,proc_median_min_ms,proc_median_median_ms,proc_median_max_ms,slow_procs,ratio_lo,ratio_hi,calls_1cpu,calls_multi_cpu,median_ms_1cpu,median_ms_multi_cpu,proc_ratio,nowait_n,nowait_min_ms,nowait_median_ms,nowait_max_ms,censored_procs,censored_min_ms,median_bound,ratio_bound,ratio_lo_bound,ratio_hi_bound,whole_censored,whole_slow$'
}

@test "the interval moves with the data: a tighter loaded spread gives a tighter interval" {
    cell svdvals 2 none "" "3 3 3 3 3"
    cell svdvals 2 pinned "" "290 295 300 305 310"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    read -r lo hi < <(col "$D/summary.csv" '$c["load"] == "pinned"' ratio_lo ratio_hi)
    [ "$lo $hi" = "96.6667 103.333" ]
}

@test "placement shares: steady calls on one CPU vs several, with their medians" {
    pseries "$S" grad 2 none 1 "0;1" 0.02 "0.019 0.020 0.021"
    pseries "$S" grad 2 free 1 "1" 0.03 "0.024 0.025"
    pseries "$S" grad 2 free 2 "0;1" 4 "2 3 4"
    pseries "$S" grad 2 free 3 "" 0.03 "0.024 0.025"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(col "$D/summary.csv" '$c["load"] == "free"' procs calls_1cpu calls_multi_cpu median_ms_1cpu median_ms_multi_cpu)" = "3 2 3 0.0245 3" ]
}

@test "bimodal fires on a bimodal pinned cell (with the placement difference), not on a unimodal one" {
    cell svdvals 2 none "1" "4 4.1 3.9 4 4.2"
    cell svdvals 2 pinned "1" "4.8 5 4.9 5.1"
    pseries "$S" svdvals 2 pinned 5 "0;1" 1600 "1590 1600 1610"
    summarize() { run "$SUMMARIZE" --no-report "$D"; }
    summarize
    [ "$status" -eq 0 ]
    grep -q '^WARN bimodal: svdvals size=256, width 2, wait block, loaded pinned (stressors 2), copy inplace: 1 of 5 processes 400.0x slower than idle (median 1600 ms), the rest 1.2x slower than idle (median 4.950 ms); the medians split 314x apart (>= 5): under this load, whether threads hurt depends on where the scheduler puts them; the fast calls ran with all engine threads on one CPU (12 of 12), the slow ones on 2 CPUs (3 of 3)$' "$D/verdicts.txt"
    # no placement clause when cpus says nothing
    sed -i 's/,0;1,/,,/; s/,1,1,0,warm/,,,0,warm/' "$S"
    sed -i 's/,1,1,0,/,,,0,/' "$S"
    awk -F, 'NR > 1 && $20 != "" { bad = 1 } END { exit bad }' "$S"
    summarize
    grep -q 'where the scheduler puts them$' "$D/verdicts.txt"
    # the threshold is a flag
    run "$SUMMARIZE" --no-report --bimodal 400 "$D"
    run grep -q "^WARN bimodal" "$D/verdicts.txt"
    [ "$status" -eq 1 ]
    # unimodal: every process slow, none fast
    rm "$S"
    cell svdvals 2 none "1" "4 4.1 3.9 4 4.2"
    cell svdvals 2 pinned "0;1" "1500 1600 1550 1700 1450"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    run grep -q "^WARN bimodal" "$D/verdicts.txt"
    [ "$status" -eq 1 ]
    grep -q '^WARN loaded-slow: svdvals size=256, width 2, wait block, loaded pinned' "$D/verdicts.txt"
}

@test "bimodal within one process: two calls or more on each side; one slow call is not" {
    cell svdvals 2 none "1" "4 4.1 3.9"
    pseries "$S" svdvals 2 pinned 1 "1" 5 "5 5.1 4.9 900 950"
    pseries "$S" svdvals 2 pinned 2 "1" 5 "5 5.1 4.9 5 5.2"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    grep -q '^WARN bimodal: .*: 1 of 2 processes split within; the widest, process 1 (run 1796200000000-4): 2 of 5 steady calls 231.2x slower than idle (median 925.0 ms), the other 3 1.2x slower than idle (median 5.000 ms); 176x apart (>= 5): under this load' "$D/verdicts.txt"
    rm "$S"
    cell svdvals 2 none "1" "4 4.1 3.9"
    pseries "$S" svdvals 2 pinned 1 "1" 5 "5 5.1 4.9 5 900"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    run grep -q "^WARN bimodal" "$D/verdicts.txt"
    [ "$status" -eq 1 ]
    grep -q '^WARN spread:' "$D/verdicts.txt"
}

# widths 1 and 2, idle and under LOAD: width 2 slow in every process, width 1 not
contention_cells() {
    cell svdvals 1 none "1" "5.6 5.7 5.8"
    cell svdvals 2 none "0;1" "3.8 3.9 4.0"
    cell svdvals 1 "$1" "1" "6 6.1 6.2"
    cell svdvals 2 "$1" "0;1" "1400 1500 1600"
}

@test "contention is decided on pinned load only; free load of the same figures is placement" {
    contention_cells pinned
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same WARN contention" ]
    grep -q '^WARN contention: svdvals size=256, wait block, loaded pinned (stressors 2), copy inplace: under load width 2 is 384.6x slower than idle .*Fastest under load: width 1 (median 6.100 ms); width 2: 3 of 3 processes >= 5x idle, loaded/idle of the process medians 384.6x (95% interval 350.0-421.1x)$' "$D/verdicts.txt"
    rm "$S"
    contention_cells free
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(verdict_ids "$D")" = "NOTE placement OK bitwise-same OK bitwise-same WARN placement" ]
}

# A free-load cell of svdvals width 2 whose process medians are MEDIANS (idle 4 ms):
# the ids of the verdicts that answer "do threads hurt" (spread and loaded-first
# answer other questions).
free_cell() {
    rm -f "$S"
    cell svdvals 2 none "0;1" "3.9 4 4.1 4 4"
    cell svdvals 2 free "$1" "$2"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    answer_ids
}

answer_ids() {
    grep -oE '^(NOTE|WARN) (placement|bimodal|loaded-slow|contention)' "$D/verdicts.txt" | tr '\n' ' '
}

@test "placement: a free-load cell has one verdict id whether 4, 5 or 0 of 5 processes were slow" {
    # 4 of 5 slow: bimodal before (the medians split 300x), now placement
    [ "$(free_cell "0;1" "1200 1250 1300 1350 4.2")" = "WARN placement " ]
    grep -q '^WARN placement: svdvals size=256, width 2, wait block, loaded free (stressors 2), copy inplace: 4 of 5 processes slow (>= 5x the idle median 4.000 ms), share 0.80 (95% Wilson interval 0.38-0.96); the slow ones 318.8x slower than idle (median 1275 ms), the rest 1.1x slower than idle (median 4.200 ms): under this load, whether threads hurt depends on where the scheduler puts them; the share, not one process, is the answer under free load$' "$D/verdicts.txt"
    # 5 of 5 slow: loaded-slow before, now placement
    [ "$(free_cell "0;1" "1200 1250 1300 1350 1400")" = "WARN placement " ]
    grep -q ': 5 of 5 processes slow (>= 5x the idle median 4.000 ms), share 1.00 (95% Wilson interval 0.57-1.00); every process 325.0x slower than idle (median 1300 ms):' "$D/verdicts.txt"
    # 0 of 5 slow: nothing fired before; now the same id, as a note
    [ "$(free_cell "0;1" "4.2 4.3 4.4 4.5 4.6")" = "NOTE placement " ]
    grep -q ': 0 of 5 processes slow (>= 5x the idle median 4.000 ms), share 0.00 (95% Wilson interval 0.00-0.43); every process 1.1x slower than idle (median 4.400 ms):' "$D/verdicts.txt"
}

@test "placement names where the slow and the fast processes ran when cpus shows it differed" {
    rm -f "$S"
    cell svdvals 2 none "0;1" "3.9 4 4.1"
    cell svdvals 2 free "1" "4.2 4.3 4.4"
    pseries "$S" svdvals 2 free 4 "0;1" 1300 "1290 1300 1310"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    grep -q ': 1 of 4 processes slow .*; the slow ones 325.0x slower than idle (median 1300 ms), the rest 1.1x slower than idle (median 4.300 ms); the fast calls ran with all engine threads on one CPU (9 of 9), the slow ones on 2 CPUs (3 of 3): under this load' "$D/verdicts.txt"
    # pinned load of the same figures is not placement's: bimodal
    sed -i 's/,free,/,pinned,/' "$S"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(answer_ids)" = "WARN bimodal " ]
}

@test "a slow first call under load is loaded-first, not first-run; idle first runs stay first-run" {
    pseries "$S" grad 2 none 1 "0;1" 0.3 "0.016 0.017 0.018"
    pseries "$S" grad 2 none 2 "0;1" 0.3 "0.016 0.017 0.018"
    pseries "$S" grad 2 free 1 "0;1" 7.4 "0.02 0.021 0.022"
    pseries "$S" grad 2 free 2 "1" 7.6 "0.02 0.021 0.022"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(verdict_ids "$D")" = "NOTE first-run-notable NOTE loaded-first NOTE placement OK bitwise-same" ]
    grep -q '^NOTE first-run-notable: grad n=1000, width 2, wait block, idle, copy inplace: first 0.300 ms' "$D/verdicts.txt"
    grep -q '^NOTE loaded-first: grad n=1000, width 2, wait block, loaded free (stressors 2), copy inplace: first call under load 7.500 ms (median over 2 processes) = 375x the steady min 0.0200 ms (>= 10), 25.0x the idle first call (0.300 ms); the first calls ran on one CPU in 1 and on several in 1 of 2 processes' "$D/verdicts.txt"
}

@test "legacy files (no placement, load or proc columns) still summarise: idle is load none, loaded load empty" {
    series "$S" svdvals 2 idle warm 4 "3.7 3.9 4.3" 00000000000000bb 2
    series "$S" svdvals 2 loaded warm 1500 "1400 1500 1600" 00000000000000bb 4
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    [ "$(col "$D/summary.csv" 1 condition load procs calls_1cpu calls_multi_cpu proc_ratio | tr '\n' '|')" = "idle none 1 0 0 |loaded  1 0 0 384.615|" ]
    # the committed legacy fixture's loaded groups keep contention
    fixture_copy "$D/fx"
    "$SUMMARIZE" --no-report "$D/fx" >/dev/null
    [ "$(grep -c '^WARN contention:' "$D/fx/verdicts.txt")" -eq 4 ]
}

@test "files with the width_requested column summarise exactly as files without it" {
    cell svdvals 2 none "0;1" "5.0 5.2 5.4"
    cell svdvals 2 pinned "0;1" "2000 2100 2200"
    cell grad 1 pinned "0" "0.02 0.03 0.04"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    mkdir "$D/b"
    # width_requested after migrations (column 21), as the binaries now write it
    awk -F, -v OFS=, '{ v = NR == 1 ? "width_requested" : $6; $21 = $21 OFS v; print }' "$S" >"$D/b/samples.csv"
    [ "$(head -n1 "$D/b/samples.csv" | cut -d, -f20-23)" = "cpus,migrations,width_requested,harness" ]
    run "$SUMMARIZE" --no-report "$D/b"
    [ "$status" -eq 0 ]
    # the same, but for the `source` (file:line) each group names
    [ "$(sed "s#$D/b/#$D/#g" "$D/b/summary.csv")" = "$(cat "$D/summary.csv")" ]
    [ "$(sed "s#$D/b/#$D/#g" "$D/b/verdicts.txt")" = "$(cat "$D/verdicts.txt")" ]
}

@test "bad placement or tag values: exit 2 with file:line and the column" {
    pseries "$S" grad 1 none 1 "0;x" 0.02 "0.015"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} =~ samples.csv:2:\ column\ \'cpus\':\ \'0\;x\'\ is\ not\ a\ \;-separated\ CPU\ list ]]
    rm "$S"
    pseries "$S" grad 1 none 0 "1" 0.02 "0.015"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} =~ column\ \'proc\' ]]
}

@test "censored runs: the charts draw a stopped process at its bound (bound 1), the others as before" {
    # width 2 stopped in every pinned run at 9400 ms (20x idle), in one free run of three
    local p
    for p in 1 2 3; do
        runrow "$S" 1 none "$p" 0 "$((900 + p * 10))"
        runrow "$S" 2 none "$p" "0;1" "$((440 + p * 15))"
        runrow "$S" 1 pinned "$p" 1 "$((1800 + p * 10))"
        runrow "$S" 2 pinned "$p" "0;1" 9400 1
        runrow "$S" 1 free "$p" 0 "$((1300 + p * 10))"
    done
    runrow "$S" 2 free 1 "0;1" 1210
    runrow "$S" 2 free 2 "0;1" 9400 1
    runrow "$S" 2 free 3 "0;1" 1390
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(col "$D/summary.csv" '$c["width"] == 2 && $c["load"] == "pinned"' censored_procs censored_min_ms median_bound proc_median_median_ms)" = "3 9400 1 9400" ]
    [ "$(col "$D/summary.csv" '$c["width"] == 2 && $c["load"] == "free"' censored_procs censored_min_ms median_bound proc_median_median_ms)" = "1 9400 0 1390" ]
    # dots(FILE LABEL): index 0's "ms bound" of the cell LABEL, one line per dot
    dots() { awk -F'"' -v l="$2" '/^$/ { blank++ } blank == 0 && $2 == l { n = split($3, f, " "); print f[2], f[n] }' "$1"; }
    ivl=$D/plots/idle_vs_loaded.dat
    head -n1 "$ivl" | grep -q '^x label kind proc_median_ms proc bound$'
    [ "$(dots "$ivl" "prog w2 pinned" | tr '\n' ' ')" = "9400 1 9400 1 9400 1 " ]
    [ "$(dots "$ivl" "prog w2 free" | sort -n | tr '\n' ' ')" = "1210 0 1390 0 9400 1 " ]
    [ "$(dots "$ivl" "prog w1 pinned" | awk '{ print $2 }' | sort -u)" = 0 ]
    # index 1: the cell's median of medians a bound (pinned), exact (free: 9400 lies above it)
    cells() { awk -F'"' -v l="$2" '/^$/ { blank++ } blank == 2 && $2 == l { n = split($3, f, " "); print f[2], f[3], f[n] }' "$1"; }
    grep -q '^idx label kind median_of_medians ratio procs slow_procs median_bound$' "$ivl"
    [ "$(cells "$ivl" "prog w2 pinned")" = "9400 20 1" ]
    [ "$(cells "$ivl" "prog w2 free")" = "1390 2.95745 0" ]
    # placement: one dot per call, the stopped ones bound 1
    pl=$D/plots/placement.dat
    head -n1 "$pl" | grep -q '^x label cpus call_ms bound$'
    [ "$(dots "$pl" "prog w2 pinned" | tr '\n' ' ')" = "9400 1 9400 1 9400 1 " ]
    [ "$(dots "$pl" "prog w2 free" | sort -n | tr '\n' ' ')" = "1210 0 1390 0 9400 1 " ]
}

# --- the committed fixture of several processes per cell: charts and report ---------

@test "procs fixture: the dot chart holds exactly one point per process; the placement chart renders" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/fx"
    run bash "$ROOT/harness/plots.sh" --results "$D/fx"
    [ "$status" -eq 0 ]
    [[ $output == *"5 chart(s)"* ]]
    dat=$D/fx/plots/idle_vs_loaded.dat
    # index 0: the dots, one per process with a steady median, of every cell the chart shows
    points=$(awk '/^$/ { blank++ } NR > 1 && NF && blank == 0 { n++ } END { print n }' "$dat") # line 1: the column names
    want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["copy"] == "inplace" && $c["workload"] != "trg" && $c["procs"] > 0 { n += $c["procs"] } END { print n }' "$D/fx/summary.csv")
    [ "$points" -eq "$want" ]
    [ "$points" -eq 60 ] # 2 workloads x 2 widths x (idle, pinned, free) x 5 processes
    # the bimodal cell is visible: one dot of svdvals w2 free far above its other four
    [ "$(awk '/^$/ { blank++ } blank == 0 && $2 == "\"svdvals" && $3 == "w2" && $4 == "free\"" && $6 > 500' "$dat" | wc -l)" -eq 1 ]
    [ "$(awk '/^$/ { blank++ } blank == 0 && $2 == "\"svdvals" && $3 == "w2" && $4 == "free\"" && $6 < 10' "$dat" | wc -l)" -eq 4 ]
    for c in idle_vs_loaded placement; do
        [ -s "$D/fx/plots/$c.png" ]
        grep -q '(ms, log scale)' "$D/fx/plots/$c.svg"
    done
    grep -q '>svdvals w2 free<' "$D/fx/plots/idle_vs_loaded.svg"
    grep -q 'Placement' "$D/fx/plots/placement.svg"
}

@test "report: the two answers first, from this run's figures; a missing half is said before them" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/fx"
    "$SUMMARIZE" "$D/fx" >/dev/null
    md=$D/fx/report.md
    head -n 45 "$md" >"$D/head"
    grep -q '^## Is the first run slow here, and why?' "$D/head"
    grep -q '^## Do threads hurt under full load here?' "$D/head"
    grep -q 'dropped with the whole page cache' "$D/head"
    grep -q 'Pinned load.*10 of 10 processes' "$D/head"
    grep -q 'Free load.*1 of 10 processes' "$D/head"
    # each answer opens with one bold sentence (yes or no, the deciding figure), then its table
    grep -q '^\*\*Yes: a cold start of grad takes 29.7x the cached one (84.457 vs 2.841 ms).\*\*$' "$D/head"
    grep -q '^\*\*Yes, when every core is taken: under pinned load svdvals width 2 is 266x idle (95% interval 263x-268x), 10 of 10 processes at width \\> 1 at least 5x.\*\*$' "$D/head"
    grep -q '^| cell | idle (ms) | loaded (ms) | slow processes | processes taken, stopped | loaded / idle (95% interval) |$' "$D/head"
    grep -q '^| svdvals size=256 w2 block, free S=2 | 3.735 | 4.643 | 1 of 5 | 5, undecided at the most | 1.2x (1.2x-266x) |$' "$D/head"
    # how many processes each cell took and why it stopped: meta's stop keys
    grep -q '^| grad n=1000 w2 block, free S=2 | 0.0194 | 0.0241 | 0 of 5 | 5, fixed | ' "$D/head"
    grep -q '^| grad n=1000 w1 block, pinned S=2 | 0.0153 | 0.0166 | 0 of 5 | 5, decided | ' "$D/head"
    # the rest follows without repeating the yes
    run grep -c '^Yes' "$D/head"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
    order=$(grep -n '^## ' "$md" | cut -d: -f2 | tr '\n' '|')
    [ "$order" = "## Is the first run slow here, and why?|## Do threads hurt under full load here?|## Charts|## The map of when threads hurt|## Verdicts|## Summary|## Runs|## Metadata|" ]
    run grep -q -i missing "$D/head"
    [ "$status" -eq 1 ]
    printf '%s\n' "missing_step=loaded runs" "missing_why=stress-ng: temp-path '.' must be readable and writeable" >>"$D/fx/meta.txt"
    "$SUMMARIZE" "$D/fx" >/dev/null
    [ "$(sed -n 3p "$md")" = "**Missing: loaded runs** — stress-ng: temp-path '.' must be readable and writeable" ]
    grep -q '<p class="missing"><b>Missing: loaded runs</b> — stress-ng: temp-path &#39;.&#39; must be readable and writeable</p>' "$D/fx/report.html" ||
        grep -q '<p class="missing"><b>Missing: loaded runs</b> — stress-ng: temp-path' "$D/fx/report.html"
    [ "$(grep -n 'class="missing"' "$D/fx/report.html" | head -n1 | cut -d: -f1)" -lt "$(grep -n 'id="answers"' "$D/fx/report.html" | cut -d: -f1)" ]
}

@test "stops: stops.csv's rows read as meta's legacy stop keys were; a row of a cell wins over its key; a bad row is file:line (exit 2)" {
    mkdir -p "$D/old" "$D/new" # one name, fx: the report's title says it
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/old/fx"
    "$SUMMARIZE" "$D/old/fx" >/dev/null
    # the same stops as rows (cl_stop_row), their keys gone from meta.txt
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/new/fx"
    { echo harness,load,stressors,cell,width,procs,how
      sed -n 's/^\([a-z]*\)_stop_\([a-z]*\)_s\([0-9]*\)_\(.*\)_w\([0-9]*\)=\([0-9]*\) \([a-z]*\)$/\1,\2,\3,\4,\5,\6,\7/p' "$D/new/fx/meta.txt"
      echo threads,none,0,,,3,fixed; } >"$D/new/fx/stops.csv"
    [ "$(wc -l <"$D/new/fx/stops.csv")" -eq 10 ]
    sed -i '/^[a-z]*_stop_[a-z]*_s[0-9]*_.*_w[0-9]*=/d' "$D/new/fx/meta.txt"
    "$SUMMARIZE" "$D/new/fx" >/dev/null
    grep -q '^| grad n=1000 w2 block, free S=2 | 0.0194 | 0.0241 | 0 of 5 | 5, fixed | ' "$D/new/fx/report.md"
    diff <(sed '/^## Metadata/,$d' "$D/old/fx/report.md") <(sed '/^## Metadata/,$d' "$D/new/fx/report.md")
    diff <(jq -S .answers "$D/old/fx/results.json") <(jq -S .answers "$D/new/fx/results.json")
    # both: the row wins
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/both"
    printf 'harness,load,stressors,cell,width,procs,how\nloaded,free,2,grad,2,7,max\n' >"$D/both/stops.csv"
    "$SUMMARIZE" "$D/both" >/dev/null
    grep -q '^| grad n=1000 w2 block, free S=2 | 0.0194 | 0.0241 | 0 of 5 | 7, undecided at the most | ' "$D/both/report.md"
    grep -q '^| grad n=1000 w1 block, pinned S=2 | 0.0153 | 0.0166 | 0 of 5 | 5, decided | ' "$D/both/report.md"
    printf 'loaded,free,2,grad,2,7,sometimes\n' >>"$D/both/stops.csv"
    run "$SUMMARIZE" "$D/both"
    [ "$status" -eq 2 ]
    [[ $output == *"$D/both/stops.csv:3: how 'sometimes': expected decided, max, fixed or time"* ]]
}

# Meta's failed steps are data, paired by order and never split: an older
# directory's missing=TEXT is shown whole; a step without its why, a why
# without a step and a ": " inside a name or a why are not taken apart.
@test "report: Missing lines -- missing_step/missing_why pairs, a lone step or why, an older missing= whole" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/fx"
    printf '%s\n' "missing=loaded runs: stress-ng: gone" "missing_step=a: b" "missing_why=c: d" \
        "missing_step=warm runs" "missing_step=scan" "warning=between" "missing_why=exit status 2" \
        "missing_why=stray: why" "missing_step=first-run parts" >>"$D/fx/meta.txt"
    "$SUMMARIZE" "$D/fx" >/dev/null
    grep '^\*\*Missing' "$D/fx/report.md" >"$D/got"
    printf '%s\n' "**Missing:** loaded runs: stress-ng: gone" "**Missing: a: b** — c: d" "**Missing: warm runs**" \
        "**Missing: scan** — exit status 2" "**Missing** — stray: why" "**Missing: first-run parts**" >"$D/want"
    diff -u "$D/want" "$D/got"
    [ "$(grep -c '<p class="missing">' "$D/fx/report.html")" = 6 ]
    grep -q '<p class="missing"><b>Missing:</b> loaded runs: stress-ng: gone</p>' "$D/fx/report.html"
    grep -q '<p class="missing"><b>Missing: warm runs</b></p>' "$D/fx/report.html"
}

@test "report: the second answer names the loaded TRG size and the cells the budget cut short" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/fx"
    "$SUMMARIZE" "$D/fx" >/dev/null
    run grep -c 'Under load the TRG ran at\|cut short by the budget' "$D/fx/report.md"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
    echo 'loaded_trg_params=betas=0.4;chi=8;steps=10' >>"$D/fx/meta.txt"
    # one loaded row marked truncated: one cut cell
    awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        !done && $c["condition"] == "loaded" && $c["phase"] == "steady" { $c["truncated"] = 1; done = 1 } { print }' \
        "$D/fx/samples.csv" >"$D/s"
    mv "$D/s" "$D/fx/samples.csv"
    "$SUMMARIZE" "$D/fx" >/dev/null
    grep -q 'Under load the TRG ran at betas=0.4;chi=8;steps=10 only' "$D/fx/report.md"
    grep -q ' 1 of [0-9]* loaded cells were cut short by the budget' "$D/fx/report.md"
}
