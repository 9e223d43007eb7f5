#!/usr/bin/env bats
# tests/report/remedies.bats -- what fixes it here: the remedies a threads job
# tried (remedies/<id>/, verdict/remedy.h) judged against the best width on
# both sides of the rule, said in the answer, the table and results.json;
# the plan threads.sh asks coldload-summarize for; remedies/ read as hostile
# data. The fixture is a real run: an OpenMP program with
# OMP_WAIT_POLICY=active under pinned load, OMP_WAIT_POLICY=passive (r0) and
# GOMP_SPINCOUNT=1000 (r1) on its default cell, width 1 the CPUs left free.

load helpers

setup() {
    need_results
    cp -r "$ROOT/tests/fixtures/results-threads-remedies/." "$D/"
}

# slower ID F: remedy ID's runs F times as long (samples.csv's ms, runs.csv's wall_ms).
slower() {
    local f
    for f in samples.csv runs.csv; do
        awk -F, -v OFS=, -v f="$2" -v col="$([ $f = runs.csv ] && echo wall_ms || echo ms)" \
            'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; print; next } { $c = $c * f; print }' \
            "$D/remedies/$1/$f" >"$D/x"
        mv "$D/x" "$D/remedies/$1/$f"
    done
}

@test "remedies: a setting within 1.25x of the best width fixes it, one 3.7x the best does not" {
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '^| pinned load (2 workers) | OMP\\_WAIT\\_POLICY=passive | 232.3 (223.5-503.9) | 0.41x | 0.10x | yes |' "$D/report.md"
    grep -q '^| pinned load (2 workers) | GOMP\\_SPINCOUNT=1000 | 207.3 (203.0-215.8) | 0.37x | 0.08x | yes |' "$D/report.md"
    grep -q '^| pinned load (2 workers) | width 1 (the CPUs the load leaves free, at least 1) | 566.9 (463.1-639.3) | 1.00x | 0.23x | yes | - |' "$D/report.md"
    slower r1 10
    "$SUMMARIZE" "$D" >/dev/null
    grep -q '^| pinned load (2 workers) | GOMP\\_SPINCOUNT=1000 | 2073 (2030-2158) | 3.66x | 0.85x | no |' "$D/report.md"
    jq -e '[.remedies[] | {id, fixes}] == [{"id":"r0","fixes":true},{"id":"r1","fixes":false},{"id":"w1","fixes":true}]' "$D/results.json"
}

@test "remedies: the answer says what fixes it at the deciding level, with each figure" {
    "$SUMMARIZE" "$D" >/dev/null
    grep -q 'What fixes it here, under pinned load (2 workers): OMP\\_WAIT\\_POLICY=passive fixes it (median run 232.3 ms, 0.41x the best width); GOMP\\_SPINCOUNT=1000 fixes it (median run 207.3 ms, 0.37x the best width); width 1 (the CPUs the load leaves free, at least 1) fixes it (median run 566.9 ms, 1.00x the best width).' "$D/report.md"
}

@test "remedies: results.json carries each remedy's level, setting, runs and figures" {
    "$SUMMARIZE" "$D" >/dev/null
    jq -e '.remedies[0] | .load == "pinned" and .stressors == "2" and .id == "r0"
        and .setting == "OMP_WAIT_POLICY=passive" and .width == null and .runs == 3
        and (.median_ms | floor) == 232 and .median_bound == false and .fixes == true' "$D/results.json"
    jq -e '.remedies[2] | .id == "w1" and .setting == null and .width == 1 and .over_best == 1' "$D/results.json"
}

@test "remedies: a name under remedies/ that is no remedy's is left alone; broken rows are left out with a warning" {
    mkdir -p "$D/remedies/r0;touch x" "$D/remedies/r999" "$D/remedies/.."x
    cp -r "$D/remedies/r0/." "$D/remedies/r0;touch x/"
    printf 'not,a,header\n1,2\n' >"$D/remedies/r1/samples.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"coldload-summarize: warning: "*"remedies/r1/samples.csv"* ]]
    [ ! -e "$D/x" ]
    [ ! -e x ]
    jq -e '[.remedies[].id] == ["r0","w1"]' "$D/results.json"
    grep -q 'remedies/r1/samples.csv' "$D/report.md"
}

@test "remedies: results from before remedies say that none were tried" {
    rm -rf "${D:?}"/*
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    "$SUMMARIZE" "$D" >/dev/null
    grep -q '^No remedies were tried: these results are from before threads.sh tried them.$' "$D/report.md"
    jq -e '.remedies == []' "$D/results.json"
}

@test "--threads-remedies: auto tries libgomp's settings where threads hurt, nothing idle; all every setting" {
    run "$SUMMARIZE" --threads-remedies auto --load pinned --stressors 2 "$D"
    [ "$status" -eq 0 ]
    # the default cell is width 2's twin (2 threads in every run): the settings go on width 2
    # a plan: a header naming the columns, then a row a remedy
    [ "$output" = "$(printf 'id\twidth\tsetting\nr0\t2\tOMP_WAIT_POLICY=passive\nr1\t2\tGOMP_SPINCOUNT=1000')" ]
    run "$SUMMARIZE" --threads-remedies auto --load none --stressors 0 "$D"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'id\twidth\tsetting')" ]
    run "$SUMMARIZE" --threads-remedies all --load pinned --stressors 2 "$D"
    [ "$status" -eq 0 ]
    [ "$(sed 1d <<<"$output" | cut -f3 | tr '\n' ' ')" = "OMP_WAIT_POLICY=passive GOMP_SPINCOUNT=1000 KMP_BLOCKTIME=0 OPENBLAS_THREAD_TIMEOUT=4 " ]
}

@test "--threads-remedies: a level where threads do not hurt gets nothing in auto" {
    # the default cell as fast as width 1 and width 2 faster: no harm to fix
    awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        $c["load"] == "pinned" { $c["ms"] = ($c["width"] == 1 ? 500 : 400) + NR } { print }' \
        "$D/samples.csv" >"$D/x"
    mv "$D/x" "$D/samples.csv"
    run "$SUMMARIZE" --threads-remedies auto --load pinned --stressors 2 "$D"
    [ "$status" -eq 0 ] && [ "$output" = "$(printf 'id\twidth\tsetting')" ]
}

@test "--threads-remedies: a bad mode or a missing level is a usage error (exit 2)" {
    run "$SUMMARIZE" --threads-remedies sometimes --load pinned --stressors 2 "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"--threads-remedies: expected auto or all, got 'sometimes'"* ]]
    run "$SUMMARIZE" --threads-remedies off --load pinned --stressors 2 "$D"
    [ "$status" -eq 2 ]
    run "$SUMMARIZE" --threads-remedies auto "$D"
    [ "$status" -eq 2 ] && [[ $output == *"needs --load and --stressors"* ]]
}

@test "--list-remedies: four fields a row, and docs/threads.md names every setting with its runtime" {
    run "$SUMMARIZE" --list-remedies
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$(printf 'runtime\tsetting\twithout\tsource')" ]
    [ "${#lines[@]}" -ge 6 ]
    local l rt set
    for l in "${lines[@]:1}"; do
        [ "$(awk -F'\t' '{ print NF }' <<<"$l")" -eq 4 ]
        IFS=$'\t' read -r rt set _ <<<"$l"
        grep -qF "| $rt | \`$set\` |" "$ROOT/docs/threads.md" || { echo "docs/threads.md lacks $rt $set"; false; }
    done
}

@test "--threads-decided: a default cell that is a width's twin, that width stopped as known slow: skip-default (not before)" {
    run "$SUMMARIZE" --threads-decided --load pinned --stressors 2 "$D"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$(printf 'state\tload\tstressors\truns\tskip\tagain')" ]
    [ "$(sed 1d <<<"$output" | cut -f5)" = - ]
    # width 2's first pinned run stopped once known slow (whole.csv label slow,
    # samples.csv censored); the default cell is its twin (2 threads in every run)
    awk -F, 'BEGIN { OFS = "," } $20 == "pinned" && $9 == "2" && $21 == 1 { $12 = "slow"; $19 = 143 } { print }' \
        "$D/whole.csv" >"$D/w"
    mv "$D/w" "$D/whole.csv"
    awk -F, 'BEGIN { OFS = "," } $28 == "pinned" && $22 == "2" && $29 == 1 { $23 = 1; $17 = "" } { print }' \
        "$D/samples.csv" >"$D/s"
    mv "$D/s" "$D/samples.csv"
    run "$SUMMARIZE" --threads-decided --load pinned --stressors 2 "$D"
    [ "$status" -eq 0 ]
    [ "$(sed 1d <<<"$output" | cut -f5)" = skip-default ]
    # idle: never skipped (its runs are the twin evidence and the slow limits)
    run "$SUMMARIZE" --threads-decided --load none --stressors 0 "$D"
    [ "$status" -eq 0 ]
    [ "$(sed 1d <<<"$output" | cut -f5)" = - ]
}
