#!/usr/bin/env bats
# shellcheck disable=SC2030,SC2031 # bats: `run` sets status/lines for the helpers after it
# tests/report/censored.bats -- a threads job's runs stopped before they
# ended (at the cap, or once known slow) are lower bounds, not failures: the
# summary's bounded medians, the threads answer on bounds (yes from an
# all-stopped widest width, never no from a bound, nothing from a bounded
# best), the widths within noise of the best and the one recommended, the
# lead's second sentence (free-load harm, a costly default cell), and
# --threads-decided, the rule that stops a load level's rounds.

load helpers

THREADS_HEADER=timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,migrations,width_requested,censored,harness,condition,stressors,copy,load,proc
THREADS_WHOLE=timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,proc

setup() {
    need_results
    printf 'job=threads\nthreads_binary=/usr/bin/prog\nthreads_check_output=1\n' >"$D/meta.txt"
}

# runs WIDTH LOAD "MS..." : one run (process) per MS, as coldload-run writes
# it; MS ending in + is a run stopped as slow at MS (censored), in c one
# stopped at the cap; WIDTH default is the default cell.
runs() {
    local width=$1 req=$1 load=$2 cond=loaded stressors=2 ms p=0 cens label code
    [ "$width" = default ] && width=0
    [ "$load" = none ] && cond=idle stressors=0
    [ -s "$S" ] || echo "$THREADS_HEADER" >"$S"
    [ -s "$D/whole.csv" ] || echo "$THREADS_WHOLE" >"$D/whole.csv"
    for ms in $3; do
        p=$((p + 1)) RUN=$((RUN + 1)) cens=0 label=ok code=0
        case $ms in
            *+) cens=1 label=slow code=124 ms=${ms%+} ;;
            *c) cens=1 label=cut code=124 ms=${ms%c} ;;
        esac
        printf '2026-12-04T10:00:00.000Z,vm,1796400000000-%d,prog,,%d,,steady,1,%s,0,0,0,0,0.10,1,%s,0,,0;1,,%s,%d,threads,%s,%s,inplace,%s,%d\n' \
            "$RUN" "$width" "$ms" "$([ "$cens" = 1 ] || echo 00000000000000aa)" "$req" "$cens" "$cond" "$stressors" "$load" "$p" >>"$S"
        printf '2026-12-04T10:00:00.000Z,vm,threads,%s,%s,inplace,prog,,%s,,coldload-run,%s,1,%s,1,1,0,0,%d,%s,%d\n' \
            "$cond" "$stressors" "$([ "$width" = 0 ] || echo "$width")" "$label" "$ms" "$code" "$load" "$p" >>"$D/whole.csv"
    done
}

lead() { sed -n '/^## Do threads hurt/{n;n;p;q}' "$D/report.md"; }
sumcol() { awk -F, -v w="$1" -v l="$2" -v k="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["width"] == w && $c["load"] == l { print $c[k] }' "$D/summary.csv"; }

@test "every width-2 run stopped as slow under pinned load: yes, with the bound, the ratio as at least, no failure" {
    runs 1 none "470 480 490"
    runs 2 none "450 470 500"
    runs 1 pinned "1000 1100 1050"
    runs 2 pinned "9400+ 9400+ 9400+"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    lead | grep -qF 'Yes: under pinned load (2 workers) width 2 never finished within 9.4 s -- at least 20x its idle median -- in 3 of 3 runs; width 1 took 1050 ms'
    # the summary: three bounded processes, the median a bound, none failed
    [ "$(sumcol 2 pinned censored_procs) $(sumcol 2 pinned median_bound) $(sumcol 2 pinned ratio_bound)" = "3 1 1" ]
    [ "$(sumcol 2 pinned whole_failed) $(sumcol 2 pinned whole_censored) $(sumcol 2 pinned whole_slow)" = "0 3 3" ]
    [ "$(sumcol 1 pinned censored_procs) $(sumcol 1 pinned median_bound)" = "0 0" ]
    # the cell table says so, and which runs were stopped, at what
    grep -qF '| 2 | pinned load (2 workers) | 0 | 0 | 3 | \>= 9400 (' "$D/report.md"
    grep -qF '3 of 3 runs at width 2 under pinned load (2 workers) were stopped before they ended (once known slow), the first at 9.4 s' "$D/report.md"
    # results.json: the answer's figures
    [ "$(jq -r '.answers[] | select(.id == "threads") | .verdict' "$D/results.json")" = yes ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.widest_bound' "$D/results.json")" = 1 ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.recommended_width' "$D/results.json")" = 1 ]
}

@test "a bound below the median leaves it exact; a bound at or below makes it a lower bound" {
    runs 2 none "100 100 100"
    runs 2 pinned "200 210 220 230 5000c"
    runs 1 none "100 100 100"
    runs 1 pinned "190 200 210 220 1000c"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(sumcol 2 pinned proc_median_median_ms) $(sumcol 2 pinned censored_procs) $(sumcol 2 pinned median_bound)" = "220 1 0" ]
    rm "$S" "$D/whole.csv"
    runs 2 none "100 100 100"
    runs 2 pinned "200 210c 220"
    runs 1 none "100 100 100"
    runs 1 pinned "190 200 210"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    [ "$(sumcol 2 pinned proc_median_median_ms) $(sumcol 2 pinned censored_procs) $(sumcol 2 pinned median_bound)" = "210 1 1" ]
}

@test "a bounded widest width within 1.25x of the best is not resolved, never no" {
    runs 1 none "100 100 100"
    runs 2 none "100 100 100"
    runs 1 pinned "200 200 200"
    runs 2 pinned "210c 210c 210c"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    lead | grep -q '^\*\*Not clearly: under pinned load (2 workers) width 1 is the fastest (median run 200.0 ms) and width 2 takes at least 1.05x as long'
    [ "$(jq -r '.answers[] | select(.id == "threads") | .verdict' "$D/results.json")" = unclear ]
}

@test "when the best width is itself a bound, nothing is decided" {
    runs 1 none "100 100 100"
    runs 2 none "100 100 100"
    runs 1 pinned "5000c 5000c 5000c"
    runs 2 pinned "5000c 5000c 5000c"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    lead | grep -qF 'Not clearly: under pinned load (2 workers) no width finished often enough to time it'
}

@test "widths whose intervals overlap the best one's are within noise: the smallest is recommended" {
    runs 1 none "100 100 100"
    runs 2 none "100 100 100"
    runs 4 none "100 100 100"
    runs 1 pinned "200 260 300"
    runs 2 pinned "190 250 310"
    runs 4 pinned "900 1000 1100"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    grep -qF ', 1 or 2 (within noise) pinned load (2 workers)' "$D/report.md"
    grep -qF 'use the smallest (fewer threads for the same time)' "$D/report.md"
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.best_width' "$D/results.json")" = 2 ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.recommended_width' "$D/results.json")" = 1 ]
}

@test "the lead tells the whole story: free load's slow runs and a costly default cell, though pinned load says no" {
    runs 1 none "40 40 40"
    runs 2 none "40 40 40"
    runs default none "40 40 40"
    runs 1 pinned "100 105 110"
    runs 2 pinned "100 110 115"
    runs default pinned "220 230 240"
    runs 1 free "90 90 90"
    runs 2 free "400 410 420"
    runs default free "100 100 100"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    lead | grep -qF '**No: under pinned load (2 workers) width 2 is not slower than width 1 by 1.25x or more beyond the noise (median run 110.0 ms against 105.0 ms, 1.05x; 3 and 3 runs).'
    # free load is placement's: a count of slow runs, never a difference of medians
    lead | grep -qF 'Under free load (2 workers), where the scheduler puts the threads, 3 of 3 runs at width 2 and 0 of 3 at width 1 took at least --contention-wide x their idle median.'
    [[ $(lead) != *'But under free load'* ]]
    lead | grep -qF 'Left to itself (no width variable set) it takes 2.2x as long under pinned load (2 workers) as at width 1'
    # said once: the rest does not repeat the default cell
    [ "$(grep -c 'Left to itself' "$D/report.md")" -eq 1 ]
}

@test "--threads-decided: a level is decided once threads hurt or not, one width is best, every cell has 3 runs" {
    runs 1 none "100 101 102"
    runs 2 none "60 61 62"
    runs 1 pinned "200 210 220"
    runs 2 pinned "9000+ 9000+ 9000+"
    runs 1 free "200 210"
    runs 2 free "150 9000+"
    run "$SUMMARIZE" --threads-decided "$D"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$(printf 'state\tload\tstressors\truns\tskip\tagain')" ]
    [ "${lines[1]}" = "$(printf 'decided\tnone\t0\t3\t-\tagain')" ]
    [ "${lines[2]}" = "$(printf 'decided\tpinned\t2\t3\t-\tagain')" ]
    [ "${lines[3]}" = "$(printf 'undecided\tfree\t2\t2\t-\tagain')" ]
    run "$SUMMARIZE" --threads-decided --load pinned --stressors 2 "$D"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'state\tload\tstressors\truns\tskip\tagain\ndecided\tpinned\t2\t3\t-\tagain')" ]
    # within noise: more runs would tell
    rm "$S" "$D/whole.csv"
    runs 1 none "100 150 200"
    runs 2 none "90 140 210"
    run "$SUMMARIZE" --threads-decided "$D"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'state\tload\tstressors\truns\tskip\tagain\nundecided\tnone\t0\t3\t-\tagain')" ]
}
