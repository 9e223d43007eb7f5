#!/usr/bin/env bats
# tests/report/abwidths.bats -- an A/B job asked at two widths (harness/ab.sh
# --widths): its results directory written run by run (runs.csv, samples.csv,
# whole.csv; sides A, B and A2 at widths 1 and 2, the block their proc), and
# what the report, results.json, hyperfine.json and the plan say of it: one
# answer per width, each from that width's pairs alone; and the chart of
# each block's B/A and A/A (plots/ab.dat, plots/ab.gp) the report shows.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    need_results
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
    F=$ROOT/tests/fixtures/results-threads
    sed '/^job=/d; /^threads_/d' "$F/meta.txt" >"$D/meta.txt"
    printf 'job=ab\nab_a=/opt/progs/omp 50\nab_b=/opt/progs/omp 55\nab_precision=0.03\nab_widths=1 2\nab_width_env=OMP_NUM_THREADS\n' >>"$D/meta.txt"
    cp "$F/runs-columns.tsv" "$D/"
    head -1 "$F/runs.csv" >"$D/runs.csv"
    head -1 "$F/samples.csv" >"$D/samples.csv"
    head -1 "$F/whole.csv" >"$D/whole.csv"
}

# abrun SIDE WIDTH|default BLOCK MS: one run of SIDE at WIDTH (default: no
# width set, as ab.sh without --widths records it) in BLOCK, in all three files.
abrun() {
    local side=$1 w=$2 p=$3 ms=$4 cmd="/opt/progs/omp 50" id=1796316999$RANDOM-$3 width=$2
    [ "$side" != B ] || cmd="/opt/progs/omp 55"
    [ "$w" != default ] || width=
    echo "2026-12-03T16:56:39.743Z,vm,$id,$side,$cmd,$width,$w,ok,0,0,$ms,$ms,0.000,1788,102,0,1,7,0;1,2,2,0,7,,0,f6c74cffb262ad73,11,6,0.490,ab,idle,0,inplace,none,$p" >>"$D/runs.csv"
    echo "2026-12-03T16:56:39.743Z,vm,$id,$side,$cmd,${width:-0},,steady,1,$ms,102,0,1,7,0.79,1,f6c74cffb262ad73,0,,0;1,0,$w,ab,idle,0,inplace,none,$p" >>"$D/samples.csv"
    echo "2026-12-03T16:56:39.746Z,vm,ab,idle,0,inplace,$side,$cmd,$width,,coldload-run,ok,$p,$ms,$ms,0.000,102,0,0,none,$p" >>"$D/whole.csv"
}

# 12 blocks: at width 1 B takes 1.10x A's time, at width 2 as long as A
# (+-0.2 %, either way in turn); the A/A arm A again +-0.2 % at both.
twowidths() {
    local p a j
    for ((p = 1; p <= 12; p++)); do
        a=$((30 + p % 5)) j=$((p % 2 ? 1 : -1))
        abrun A 1 "$p" "$a"
        abrun B 1 "$p" "$(awk -v a="$a" -v j="$j" 'BEGIN { printf "%.3f", a * (1.10 + 0.002 * j) }')"
        abrun A2 1 "$p" "$(awk -v a="$a" -v j="$j" 'BEGIN { printf "%.3f", a * (1 + 0.002 * j) }')"
        abrun A 2 "$p" "$((a - 10))"
        abrun B 2 "$p" "$(awk -v a="$((a - 10))" -v j="$j" 'BEGIN { printf "%.3f", a * (1 - 0.002 * j) }')"
        abrun A2 2 "$p" "$(awk -v a="$((a - 10))" -v j="$j" 'BEGIN { printf "%.3f", a * (1 + 0.002 * j) }')"
    done
}

@test "two widths: two answers, each its own width's -- slower at 1, the same at 2 -- answer first in report.md and results.json" {
    twowidths
    printf 'harness,load,stressors,cell,width,procs,how\nab,none,0,ab,1,12,decided\nab,none,0,ab,2,12,max\n' >"$D/stops.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the two leads right under the question, width 1's then width 2's
    run awk '/^## Is B faster than A\?/ { on = 1; next } on && NF { print; if (++n == 2) exit }' "$D/report.md"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == '**At width 1: B is 1.10x slower than A (B/A of 12 pairs; '* ]]
    [[ ${lines[1]} == '**At width 2: No difference larger than '* ]]
    grep -qx '### At width 1' "$D/report.md"
    grep -qx '### At width 2' "$D/report.md"
    # each width's stop, its row of stops.csv
    grep -qx 'Blocks at width 1: 12, stopped once its B/A interval was within the precision asked.' "$D/report.md"
    grep -q '^Blocks at width 2: 12, the most (--max-procs)' "$D/report.md"
    [ "$(jq -c '[.answers[] | select(.id == "ab") | [.blocks, .stopped]]' "$D/results.json")" = '[[12,"decided"],[12,"max"]]' ]
    grep -qF 'in OMP\_NUM\_THREADS and for {width} in the commands' "$D/report.md"
    grep -q 'At width 2: No difference larger than' "$D/report.html"
    # how the answers were asked said once, each width's A/A arm its own
    [ "$(grep -c 'A, B and A again ran in blocks of one run each' "$D/report.md")" -eq 1 ]
    [ "$(grep -c '^The A/A arm (estimate 1.000, 99% interval' "$D/report.md")" -eq 2 ]
    # results.json: one answer of id ab per width, each with its width
    [ "$(jq -c '[.answers[] | select(.id == "ab") | [.width, .verdict]]' "$D/results.json")" = '[[1,"slower"],[2,"same"]]' ]
    [ "$(jq '[.answers[] | select(.id == "ab") | .figures.pairs] | add' "$D/results.json")" -eq 24 ]
    jq -e '.answers[] | select(.id == "ab" and .width == 1) | .figures.ratio > 1.09 and .figures.ratio < 1.11' "$D/results.json" >/dev/null
    jq -e '.answers[] | select(.id == "ab" and .width == 2) | .sides.B.median_ms < 25' "$D/results.json" >/dev/null
    # hyperfine.json: A and B at each width, the width its parameter; no A/A arm
    [ "$(jq -c '[.results[] | [(.command | split(" ")[0]), .parameters.width]] | sort' "$D/hyperfine.json")" = '[["A","1"],["A","2"],["B","1"],["B","2"]]' ]
    jq -e -f "$ROOT/tests/report/hyperfine-schema.jq" "$D/hyperfine.json" >/dev/null
}

@test "hyperfine.json of a two-width job read as plot_whisker.py and welch_ttest.py read it: A and B at each width, one width's two for welch" {
    command -v python3 >/dev/null || skip "python3 is not installed"
    local read=$ROOT/tests/report/hyperfine_read.py h=$D/hyperfine.json
    twowidths
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run python3 "$read" whisker "$h"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 4 ]
    [[ $output == *"A /opt/progs/omp 50 [width 2]"$'\t'12$'\t'* ]]
    # welch takes exactly two commands: one width's A and B (docs/ab.md's jq)
    jq '{results: [.results[] | select(.parameters.width == "1")]}' "$h" >"$D/w1.json"
    run python3 "$read" welch "$D/w1.json"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Command 1: A /opt/progs/omp 50 [width 1]" ]
    [ "${lines[1]}" = "Command 2: B /opt/progs/omp 55 [width 1]" ]
    run python3 "$read" welch "$h"
    [ "$status" -eq 1 ]
}

@test "the plan of a two-width job: one row per width, its width named, each decided on its own pairs" {
    twowidths
    run "$SUMMARIZE" --ab-decided 0.03 "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "${lines[0]}" = "$(printf 'state\twidth\tpairs\tratio\tlo\thi\tverdict\tsettled')" ]
    [ "${#lines[@]}" -eq 3 ]
    # width 1 slower, its interval's lower end at or under 1.1: not settled
    [[ ${lines[1]} == "decided"$'\t'"1"$'\t'"12"$'\t'*$'\t'"slower"$'\t'"0" ]]
    [[ ${lines[2]} == "decided"$'\t'"2"$'\t'"12"$'\t'*$'\t'"same"$'\t'"0" ]]
}

@test "no widths: a job without them keeps its one answer, no width key, no width heading" {
    local p a
    for ((p = 1; p <= 10; p++)); do
        a=$((30 + p % 5))
        abrun A default "$p" "$a"
        abrun B default "$p" "$((a + 3))"
        abrun A2 default "$p" "$a"
    done
    printf 'harness,load,stressors,cell,width,procs,how\nab,none,0,ab,0,10,decided\n' >"$D/stops.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(jq '[.answers[] | select(.id == "ab")] | length' "$D/results.json")" -eq 1 ]
    [ "$(jq '.answers[] | select(.id == "ab") | has("width")' "$D/results.json")" = false ]
    # its stop all the same: stops.csv's row (width 0)
    [ "$(jq -c '.answers[] | select(.id == "ab") | [.blocks, .stopped]' "$D/results.json")" = '[10,"decided"]' ]
    grep -q '^\*\*B is 1\.[0-9]*x slower than A' "$D/report.md"
    run grep -c '^### At width' "$D/report.md"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
}

@test "the plan never says decided on fewer pairs than the rule needs (8), however wide the precision: 7 pairs are too few" {
    local p a
    for ((p = 1; p <= 7; p++)); do
        a=$((30 + p % 5))
        abrun A default "$p" "$a"
        abrun B default "$p" "$((a + 3))"
        abrun A2 default "$p" "$a"
    done
    run "$SUMMARIZE" --ab-decided 1 "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "${#lines[@]}" -eq 2 ]
    [[ ${lines[1]} == "undecided"$'\t'"default"$'\t'"7"$'\t'*$'\t'"not resolved"$'\t'"0" ]]
    abrun A default 8 30
    abrun B default 8 33
    abrun A2 default 8 30
    run "$SUMMARIZE" --ab-decided 1 "$D"
    [ "$status" -eq 0 ]
    [[ ${lines[1]} == "decided"$'\t'"default"$'\t'"8"$'\t'* ]]
}

# cutrows MS: the runs of MS ms made runs stopped at the cap (status cut):
# samples.csv's censored column (1 for them, their checksum gone), whole.csv's label cut
cutrows() {
    # (a row written before has its censored field already; abrun's rows since, none)
    awk -F, -v OFS=, -v ms="$1" 'NR == 1 { n = NF + ($NF != "censored"); print $0 ($NF == "censored" ? "" : ",censored"); next }
        NF == n { print; next }
        { c = $10 == ms; if (c) $17 = ""; print $0 "," c }' "$D/samples.csv" >"$D/s.tmp"
    mv "$D/s.tmp" "$D/samples.csv"
    awk -F, -v OFS=, -v ms="$1" 'NR > 1 && $14 == ms { $12 = "cut" } 1' "$D/whole.csv" >"$D/w.tmp"
    mv "$D/w.tmp" "$D/whole.csv"
}

@test "A's runs stopped at the cap: B at least faster, B/A an upper bound with no lower end; both sides' runs stopped: not resolved, no ratio" {
    local p
    for ((p = 1; p <= 10; p++)); do
        abrun A default "$p" 1000
        abrun B default "$p" "$((30 + p % 5))"
        abrun A2 default "$p" 1000
    done
    cutrows 1000
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run jq -r '.answers[] | select(.id == "ab") | [.verdict, .figures.ratio_bound, .figures.ratio_lo, .figures.cut_pairs_a] | @tsv' "$D/results.json"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'faster\t-1\t\t10')" ]
    grep -q "^\*\*B is at least [0-9.]*x faster than A (B/A at most [0-9.]* of 10 pairs; A's run in 10 of them was stopped at the cap before it ended and counts as at least that long; 99% interval up to [0-9.]*, no lower end)" "$D/report.md"
    # B's runs stopped too, in other blocks: nothing bounds B/A either way
    for ((p = 11; p <= 20; p++)); do
        abrun A default "$p" 31
        abrun B default "$p" 1000
        abrun A2 default "$p" 31
    done
    cutrows 1000
    run "$SUMMARIZE" --ab-decided 1 "$D"
    [ "$status" -eq 0 ]
    [[ ${lines[1]} == "undecided"$'\t'"default"$'\t'"20"$'\t'* ]]
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    run jq -r '.answers[] | select(.id == "ab") | [.verdict, .figures.ratio, .figures.cut_pairs_a, .figures.cut_pairs_b] | @tsv' "$D/results.json"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'not resolved\t\t10\t10')" ]
    grep -q '^\*\*Not resolved: runs of both A and B were stopped at the cap (--budget) before they ended' "$D/report.md"
}

@test "the ab chart: plots/ab.dat holds each block's B/A and A/A in block order with the answer's interval, the report shows the chart, gnuplot draws it" {
    local p a j ref
    # 10 blocks written last to first: B 1.2x A (+-0.01 either way in turn), A again exactly A
    for ((p = 10; p >= 1; p--)); do
        a=$((20 + p)) j=$((p % 2 ? 1 : -1))
        abrun A default "$p" "$a"
        abrun B default "$p" "$(awk -v a="$a" -v j="$j" 'BEGIN { printf "%.3f", a * (1.2 + 0.01 * j) }')"
        abrun A2 default "$p" "$a"
    done
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the columns, by name, then a row a block in block order
    run grep -v '^#' "$D/plots/ab.dat"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "block width ba aa ba_in aa_in ratio lo hi floor_lo floor_hi aa_lo aa_hi" ]
    [ "${#lines[@]}" -eq 11 ]
    [ "$(awk 'NR > 1 { printf "%s ", $1 }' <<<"$output")" = "1 2 3 4 5 6 7 8 9 10 " ]
    # each block's own ratios: B/A 1.21 or 1.19, A/A 1, every pair compared
    [ "$(awk 'NR > 1 { printf "%s/%s/%s/%s/%s ", $2, $3, $4, $5, $6 }' <<<"$output" | cut -d' ' -f1-3)" = "0/1.21/1/1/1 0/1.19/1/1/1 0/1.21/1/1/1" ]
    # the answer's estimate and interval on every row, as results.json has them; no A/A floor
    [ "$(awk 'NR > 1 { print $7, $8, $9 }' <<<"$output" | sort -u | wc -l)" -eq 1 ]
    ref=$(jq -r '.answers[] | select(.id == "ab") | .figures | "\(.ratio) \(.ratio_lo) \(.ratio_hi)"' "$D/results.json")
    awk -v r="${ref%% *}" 'BEGIN { exit !(r > 1.195 && r < 1.205) }'
    awk -v ref="$ref" 'NR == 2 { split(ref, r, " "); for (k = 1; k <= 3; k++) if (($(6 + k) - r[k])^2 > 1e-10) exit 1 }' <<<"$output"
    [ "$(awk 'NR > 1 { print $10, $11 }' <<<"$output" | sort -u)" = "NaN NaN" ]
    # the report shows the chart, and no longer says there is none
    grep -qxF '![B/A and A/A, block by block](plots/ab.png)' "$D/report.md"
    grep -qF 'plots/ab.svg' "$D/report.html"
    run ! grep -q 'No chart' "$D/report.md"
    command -v gnuplot >/dev/null || skip "gnuplot is not installed: the chart itself not drawn"
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 0 ]
    [[ $output != *"warning:"* ]]
    [ -s "$D/plots/ab.png" ]
    grep -q 'B/A and A/A block by block' "$D/plots/ab.svg"
}
