#!/usr/bin/env bats
# tests/report/json.bats -- results.json (docs/json.md): coldload-summarize
# writes it beside summary.csv, and what jq reads from it is what summary.csv
# and verdicts.txt say -- the same groups, the same figures, the same verdicts.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    need_results
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
    cp -r "$ROOT/tests/fixtures/results-procs/." "$D/"
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    J=$D/results.json
}

# csv_col FILE ROW COLUMN: a summary.csv field by row number (1 = first group) and name.
csv_col() {
    awk -F, -v row="$1" -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        NR == row + 1 { print $c[name] }' "$D/summary.csv"
}

@test "results.json: schema_version 1, every group and verdict, meta as strings" {
    [ -s "$J" ]
    [ "$(jq '.schema_version' "$J")" = 1 ]
    [ "$(jq '.groups | length' "$J")" = "$(($(wc -l <"$D/summary.csv") - 1))" ]
    [ "$(jq '.verdicts | length' "$J")" = "$(grep -cv '^#' "$D/verdicts.txt")" ]
    [ "$(jq -r '.meta.host' "$J")" = vm ]
    [ "$(jq -r '.meta.nproc | type' "$J")" = string ]
    # no temporary file left beside it
    [ -z "$(find "$D" -maxdepth 1 -name '.results.json.*')" ]
}

@test "results.json: a group's key and figures are summary.csv's row" {
    # every group in one jq pass, compared with summary.csv's row of the same
    # number by name (null written as the word, a figure as jq prints it)
    jq -r '.groups[] | [.key.workload, .key.copy, .key.load, .figures.runs, .figures.median_ms,
        .figures.min_ms, .figures.first_ms, .figures.proc_median_median_ms]
        | map(if . == null then "null" else tostring end) | join(",")' "$J" >"$BATS_TEST_TMPDIR/groups.csv"
    [ "$(wc -l <"$BATS_TEST_TMPDIR/groups.csv")" -eq "$(jq '.groups | length' "$J")" ]
    # the CSV prints %.6g; the JSON has the full double; an empty figure is null
    run awk -F, 'NR == FNR { js[FNR] = $0; n = FNR; next }
        FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        FNR - 1 <= n { r = FNR - 1; split(js[r], j, ",")
            if (j[1] != $c["workload"] || j[2] != $c["copy"] || j[3] != $c["load"] || j[4] != $c["runs"]) {
                print "group " r ": key " j[1] "," j[2] "," j[3] "," j[4] ", summary.csv " $c["workload"] "," $c["copy"] "," $c["load"] "," $c["runs"]; bad = 1 }
            split("median_ms min_ms first_ms proc_median_median_ms", f, " ")
            for (k = 1; k <= 4; k++) { csv = $c[f[k]]; v = j[4 + k]
                if (csv == "" ? v != "null" : v == "null" || sprintf("%.6g", v) != csv) {
                    print "group " r ": " f[k] " " v " in results.json, \"" csv "\" in summary.csv"; bad = 1 } } }
        END { if (r != n) { print "summary.csv has " r " groups, results.json " n; bad = 1 } exit bad }' \
        "$BATS_TEST_TMPDIR/groups.csv" "$D/summary.csv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # width: a number in JSON, the same value
    [ "$(jq '.groups[0].key.width | type' "$J")" = '"number"' ]
    [ "$(jq -r '.groups[0].key.width' "$J")" = "$(csv_col 1 width)" ]
}

@test "results.json: verdicts carry level, id, group key, figures and text as verdicts.txt" {
    # every verdicts.txt line is "LEVEL id: text" of the same verdict, in order
    diff <(grep -v '^#' "$D/verdicts.txt") <(jq -r '.verdicts[] | "\(.level) \(.id): \(.text)"' "$J")
    # the jq example of docs/json.md
    [ "$(jq -r '.verdicts[] | select(.level=="WARN") | .id' "$J" | sort -u | tr '\n' ' ')" = \
        "cold-start contention first-run placement spread " ]
    # first-run: on one group, its figures are the group's
    v='[.verdicts[] | select(.id=="first-run")][0]'
    [ "$(jq "$v.group.copy" "$J")" = '"fresh"' ]
    [ "$(jq "$v.figures.threshold" "$J")" = 100 ]
    [ "$(jq --argjson v "$(jq "$v" "$J")" \
        '[.groups[] | select(.key == $v.group)][0].figures.first_ms == $v.figures.first_ms' "$J")" = true ]
    # contention is on a cell over every width: its group key has no width
    [ "$(jq '[.verdicts[] | select(.id=="contention")][0].group | has("width")' "$J")" = false ]
    [ "$(jq -r '[.verdicts[] | select(.id=="contention")][0].subject' "$J")" = \
        "grad n=1000, wait block, loaded pinned (stressors 2), copy inplace" ]
}

@test "results.json: a NAN figure is null, not a number JSON cannot spell" {
    # idle groups have no loaded/idle ratio (empty in summary.csv)
    [ -z "$(csv_col 1 loaded_over_idle)" ]
    [ "$(jq '.groups[0].figures.loaded_over_idle' "$J")" = null ]
    jq -e . "$J" >/dev/null
}

@test "results.json: a verdict's notes are the texts its sentence cites; per-width and per-kind figures" {
    # bitwise-same: the one checksum, as the sentence has it
    v='[.verdicts[] | select(.id=="bitwise-same")][0]'
    sum=$(jq -r "$v.notes.checksum" "$J")
    [[ $sum =~ ^[0-9a-f]{16}$ ]]
    [[ "$(jq -r "$v.text" "$J")" == *": checksum $sum idle and loaded: "* ]]
    # cold-start: the slowest copy kind, and that kind's figures by its name
    c='[.verdicts[] | select(.id=="cold-start")][0]'
    k=$(jq -r "$c.notes.slowest" "$J")
    [[ "$(jq -r "$c.text" "$J")" == *"; slowest $k = "* ]]
    jq -e "$c.figures.${k}_slow == 1 and ($c.figures.${k}_ms > $c.figures.same_ms)" "$J"
    # contention: its wide width 2, with that width's figures suffixed _w2
    n='[.verdicts[] | select(.id=="contention")][0]'
    jq -e "$n.figures.wide_1 == 2 and $n.figures.loaded_over_idle_w2 >= 5 * $n.figures.fair_share_w2" "$J"
    # a verdict that cites no text has none
    [ "$(jq -c '[.verdicts[] | select(.id=="first-run")][0].notes' "$J")" = '{}' ]
}

@test "results.json: the report's two answers as data, the verdicts the report's leads say" {
    [ "$(jq -r '[.answers[].id] | join(" ")' "$J")" = "first-run threads" ]
    [ "$(jq -r '.answers[0].question' "$J")" = "Is the first run slow here, and why?" ]
    # the first run: a cold start decides it, dropcache 29.7x the same copy (WARN at 2x)
    [ "$(jq -r '.answers[0] | "\(.verdict) \(.basis) \(.cell.copy) \(.figures.threshold)"' "$J")" \
        = "yes cold-start dropcache 2" ]
    [ "$(jq -r '.answers[0].figures.cold_over_same * 10 | round' "$J")" = 297 ]
    [ "$(jq -r '.answers[0].figures.same_ms' "$J")" = 2.841 ]
    # its table: every cold kind against the same copy of its cell
    [ "$(jq '.answers[0].rows | length' "$J")" = 6 ]
    [ "$(jq -r '[.answers[0].rows[].base.copy] | unique | join(" ")' "$J")" = same ]
    # did threads hurt? pinned load decides: svdvals width 2, 10 of 10 processes slow
    [ "$(jq -r '.answers[] | select(.id=="threads") | "\(.verdict) \(.basis) \(.cell.workload) \(.cell.width) \(.figures.slow_procs) of \(.figures.procs)"' "$J")" \
        = "yes pinned svdvals 2 10 of 10" ]
    lo=$(jq '.answers[1].figures.ratio_lo' "$J")
    hi=$(jq '.answers[1].figures.ratio_hi' "$J")
    r=$(jq '.answers[1].figures.loaded_over_idle' "$J")
    awk -v lo="$lo" -v r="$r" -v hi="$hi" 'BEGIN { exit !(lo <= r && r <= hi && lo > 200) }'
    # the threads table: every loaded cell with its idle twin and its stop
    [ "$(jq '.answers[1].rows | length' "$J")" = 8 ]
    [ "$(jq -r '.answers[1].rows[0] | "\(.procs_taken) \(.stopped) \(.base.condition)"' "$J")" = "5 decided idle" ]
    # the lead sentences of the report say the same
    run "$SUMMARIZE" "$D"
    grep -q '^\*\*Yes: a cold start of grad takes 29.7x' "$D/report.md"
    grep -q '^\*\*Yes, when every core is taken: under pinned load svdvals width 2 is 266x idle' "$D/report.md"
}

@test "results.json: a threads job's first question is not asked, its threads answer from its cells" {
    rm -rf "${D:?}"/*
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    [ "$(jq -r '.answers[0].verdict' "$J")" = "not asked" ]
    [ "$(jq -r '.answers[1] | "\(.question)|\(.verdict)|\(.basis)|\(.figures.widest_width)|\(.figures.best_width)"' "$J")" \
        = "Do threads hurt omp under full load here?|no|pinned|2|1" ]
}

@test "results.json: a cold-only job answers the first question; its threads question is not asked" {
    rm -rf "${D:?}"/*
    cp -r "$ROOT/tests/fixtures/results-cold/." "$D/"
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    [ "$(jq -r '.answers[0] | "\(.verdict) \(.basis)"' "$J")" = "yes cold-start" ]
    [ "$(jq -r '.answers[1].verdict' "$J")" = "not asked" ]
}

@test "results.json: runs stopped before they ended -- the censoring figures of a group and of the threads answer" {
    rm -rf "${D:?}"/*
    cp -r "$ROOT/tests/fixtures/results-threads-censored/." "$D/"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    # width 2 under pinned load: every run stopped once known slow, at 9400 ms
    g='.groups[] | select(.key.width == 2 and .key.load == "pinned") | .figures'
    [ "$(jq -r "$g | \"\(.censored_procs) \(.censored_min_ms) \(.median_bound) \(.ratio_bound) \(.whole_censored) \(.whole_slow) \(.whole_failed)\"" "$J")" \
        = "3 9400 1 1 3 3 0" ]
    # counts and flags are integers, the bound a number; a group with none: 0, and null for the bound
    [ "$(jq -r "$g | [.censored_procs, .median_bound, .ratio_bound, .whole_censored, .whole_slow] | map(type == \"number\" and . == floor) | all" "$J")" = true ]
    g1='.groups[] | select(.key.width == 1 and .key.load == "pinned") | .figures'
    [ "$(jq -c "$g1 | [.censored_procs, .censored_min_ms, .median_bound, .ratio_bound, .whole_censored, .whole_slow]" "$J")" = '[0,null,0,0,0,0]' ]
    # free load: one of three stopped; its median (1390 ms) stays exact
    [ "$(jq -r '.groups[] | select(.key.width == 2 and .key.load == "free") | .figures | "\(.censored_procs) \(.median_bound) \(.proc_median_median_ms) \(.whole_slow)"' "$J")" \
        = "1 0 1390.02 1" ]
    # the answer: yes on the bounds -- the widest width's median only a lower bound, 3 of 3 runs stopped
    a='.answers[] | select(.id == "threads")'
    [ "$(jq -r "$a | \"\(.verdict) \(.basis) \(.cell.width) \(.figures.widest_bound) \(.figures.widest_censored) \(.figures.widest_runs) \(.figures.recommended_width) \(.figures.widest_median_ms) \(.figures.best_width)\"" "$J")" \
        = "yes pinned 2 1 3 3 1 9400 1" ]
    # the report's lead says the same
    grep -q '^\*\*Yes: under pinned load (2 workers) width 2 never finished within 9.4 s -- at least 20x its idle median -- in 3 of 3 runs; width 1 took 1830 ms (median run, 95% interval 1796-1862).' "$D/report.md"
    grep -q '^| 2 | pinned load (2 workers) | 0 | 0 | 3 | \\>= 9400 (\\>= 9400-\\>= 9400) | ' "$D/report.md"
    # and so does the table under the lead: the bounded figures marked >=, the exact ones not
    grep -q '^| omp w2, pinned S=2 | 470.0 | \\>= 9400 | 3 of 3 | \\>= 20.0x (\\>= 19.2x-\\>= 20.6x) |$' "$D/report.md"
    grep -q '^| omp w1, pinned S=2 | 918.3 | 1830 | 0 of 3 | 2.0x (1.9x-2.1x) |$' "$D/report.md"
}

@test "results.json: each group's processes classed by their calls, counted as the warmup verdict counts them" {
    # every group: the classes' counts add up to its processes, one entry a process
    [ "$(jq '[.groups[] | (.warmup | .flat + .warmup + .slowdown + .no_steady_state + .unclassified) == (.warmup.procs | length)] | all' "$J")" = true ]
    [ "$(jq '[.groups[] | (.warmup.procs | length) == .figures.runs] | all' "$J")" = true ]
    # grad width 1 idle, its copy kinds together: the verdict's counts are the groups'
    local sel='.key.workload=="grad" and .key.width==1 and .key.condition=="idle"'
    [ "$(jq "[.groups[] | select($sel) | .warmup.warmup] | add" "$J")" = \
        "$(jq '.verdicts[] | select(.id=="warmup" and .group.workload=="grad" and .group.width==1) | .figures.warmup' "$J")" ]
    [ "$(jq "[.groups[] | select($sel) | .warmup.procs[] | select(.class==\"warmup\") | .steady_from] | unique" "$J" | tr -d ' \n')" = "[2]" ]
    # a process with 2 steady calls is not classified: no steady_from
    [ "$(jq '[.groups[].warmup.procs[] | select(.calls < 5) | .class] | unique' "$J" | tr -d ' \n')" = '["unclassified"]' ]
    [ "$(jq '[.groups[].warmup.procs[] | select(.class=="unclassified") | .steady_from] | unique' "$J" | tr -d ' \n')" = '[null]' ]
}

@test "results.json: text that is not UTF-8 (meta.txt, samples.csv) is written escaped (\\xHH, its key too), not refused" {
    printf 'bad_\xff_key=caf\xe9 \xc3\xa9t\xe9\n' >>"$D/meta.txt"
    sed -i '2s/,1796200000001-4001,/,run-\xfe\xff,/' "$D/samples.csv"
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    jq -e . "$J" >/dev/null
    # the valid sequence (c3 a9) kept, each invalid byte escaped as in every document
    [ "$(jq -r '.meta["bad_\\xff_key"]' "$J")" = 'caf\xe9 ét\xe9' ]
    [ "$(jq -r '[.groups[].warmup.procs[] | select(.run_id | startswith("run-"))][0].run_id' "$J")" = 'run-\xfe\xff' ]
}

@test "results.json: the first-run answer cites its cell's warm-up classes, as the report's answer says them" {
    # the first call's group: grad width 1 idle dropcache; its cell's warmup verdict
    [ "$(jq '.answers[0].figures.warmup_classified' "$J")" = \
        "$(jq '.verdicts[] | select(.id=="warmup" and .group.workload=="grad" and .group.width==1) | .figures.classified' "$J")" ]
    [ "$(jq '.answers[0].figures | [.warmup_warmup, .warmup_flat, .warmup_late, .warmup_from_lo, .warmup_from_hi]' "$J" | tr -d ' \n')" = "[13,0,0,2,2]" ]
    run "$SUMMARIZE" "$D"
    grep -q "Its cell's processes, each one's calls classed by changepoints: warmup in 13 of 13 (steady from call 2), flat in 0, slowdown in 0, no steady state in 0: every one steady by call 2." "$D/report.md"
}
