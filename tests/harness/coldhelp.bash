# tests/harness/coldhelp.bash -- cold.sh --help read back: the defaults and
# QUICK defaults it states, for the cases that check them against a run
# (tests/long/coldreport.bats: QUICK; tests/long/cold.bats: the defaults).
# shellcheck shell=bash
# Its variables are read by the .bats files that load it; bats's run sets
# status, output and lines.
# shellcheck disable=SC2034,SC2154

# meta_last DIR KEY: the last value of KEY in DIR/meta.txt.
meta_last() {
    grep "^$2=" "$1/meta.txt" | tail -n 1 | cut -d= -f2-
}

# help_match ERE: $help (cold.sh --help) matches ERE; its first groups in m1, m2, m3.
help_match() {
    [[ $help =~ $1 ]] || { echo "cold.sh --help has no match for: $1"; return 1; }
    m1=${BASH_REMATCH[1]} m2=${BASH_REMATCH[2]:-} m3=${BASH_REMATCH[3]:-}
}

# cold_help_quick: help (cold.sh --help); copies, hf, budget, runs its
# defaults and q_copies, q_hf, q_budget, q_runs its QUICK ones, each stated
# alike in the QUICK line and in its flag's line.
cold_help_quick() {
    help=$(bash "$H/cold.sh" --help)
    help_match 'QUICK mode: ([0-9]+) copies, ([0-9]+) steady runs, ([0-9]+) hyperfine runs a kind, budget ([0-9]+) s' || return 1
    q_copies=$m1 q_runs=$m2 q_hf=$m3 q_budget=${BASH_REMATCH[4]}
    help_match '--copies K +fresh copies \(1\.\.100; default ([0-9]+), QUICK ([0-9]+)\)' || return 1
    copies=$m1
    [ "$m2" = "$q_copies" ] || { echo "--copies: QUICK $m2, the QUICK line $q_copies"; return 1; }
    help_match '--hf-runs N +hyperfine runs per kind \(2\.\.1000; default ([0-9]+), QUICK ([0-9]+)\)' || return 1
    hf=$m1
    [ "$m2" = "$q_hf" ] || { echo "--hf-runs: QUICK $m2, the QUICK line $q_hf"; return 1; }
    help_match '--budget SECONDS [^(]*\([^)]*; default ([0-9]+), QUICK ([0-9]+)\)' || return 1
    budget=$m1
    [ "$m2" = "$q_budget" ] || { echo "--budget: QUICK $m2, the QUICK line $q_budget"; return 1; }
    help_match '--runs N [^(]*\([^)]*; default ([0-9]+), QUICK ([0-9]+)\)' || return 1
    runs=$m1
    [ "$m2" = "$q_runs" ] || { echo "--runs: QUICK $m2, the QUICK line $q_runs"; return 1; }
}

# cold_run_is DIR COPIES HF BUDGET RUNS: the run in DIR (a --binary run) took
# these settings: meta.txt says them, hyperfine ran HF times a kind and the
# launcher (coldload-run) COPIES times for each of the three kinds.
cold_run_is() {
    [ "$(meta_last "$1" cold_copies)" = "$2" ] || { echo "cold_copies: $(meta_last "$1" cold_copies), want $2"; return 1; }
    [ "$(meta_last "$1" cold_hf_runs)" = "$3" ] || { echo "cold_hf_runs: want $3"; return 1; }
    [ "$(meta_last "$1" cold_budget_s)" = "$4" ] || { echo "cold_budget_s: want $4"; return 1; }
    [ "$(meta_last "$1" cold_runs)" = "$5" ] || { echo "cold_runs: want $5"; return 1; }
    [ "$(jq '.results[0].times | length' "$1/hyperfine/cold-binary-same.json")" -eq "$3" ]
    [ "$(col "$1/whole.csv" tool | grep -c '^coldload-run$')" -eq $(($2 * 3)) ]
}
