#!/usr/bin/env bats
# tests/report/plans.bats -- the plans coldload-summarize writes for the
# harness between rounds (--decided, --threads-decided, --firstrun-decided,
# --threads-remedies, --ab-decided; src/export/plan.h): each a TSV table, its
# header the columns --help names for its flag, every row as wide as it.
# What the rows say is tested with each rule (censored.bats, remedies.bats).

load helpers

setup() {
    need_results
}

# plan_of FLAG DIR ARGS...: checks FLAG's plan on fixture DIR.
plan_of() {
    local flag=$1 dir=$ROOT/tests/fixtures/$2 cols nf
    shift 2
    cols=$("$SUMMARIZE" --help | awk -v f="$flag" '$1 == "columns:" && prev == f { sub(/^ *columns: /, ""); gsub(/ /, "\t"); print; exit } { prev = $1 }')
    [ -n "$cols" ] || { echo "--help names no columns for $flag"; return 1; }
    run "$SUMMARIZE" "$flag" "$@" "$dir"
    [ "$status" -eq 0 ] || { echo "$flag: exit $status: $output"; return 1; }
    [ "${lines[0]}" = "$cols" ] || { echo "$flag: header '${lines[0]}', --help '$cols'"; return 1; }
    nf=$(awk -F'\t' '{ print NF }' <<<"$output" | sort -u)
    [ "$nf" = "$(awk -F'\t' '{ print NF }' <<<"$cols")" ] || { echo "$flag: rows of $nf fields"; return 1; }
    [ "${#lines[@]}" -ge "${PLAN_ROWS:-2}" ] || { echo "$flag: ${#lines[@]} lines"; return 1; }
}

@test "the plans: each a TSV table, its header the columns --help names, every row as wide as the header" {
    plan_of --decided results-procs --condition loaded --load pinned --stressors 2 --copy inplace
    plan_of --threads-decided results-threads
    plan_of --firstrun-decided results-firstrun 0.1
    plan_of --threads-remedies results-threads-remedies all --load pinned --stressors 2
    plan_of --ab-decided results-threads 0.03
}

@test "the plans: --decided's header alone when no group has the tags asked for" {
    run "$SUMMARIZE" --decided --condition loaded --load nosuchload "$ROOT/tests/fixtures/results-procs"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'state\tworkload\twidth\tparams\tprocs\tlo\thi\twhy')" ]
}
