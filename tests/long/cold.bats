#!/usr/bin/env bats
# tests/long/cold.bats -- cold.sh at its defaults (about a minute of runs):
# the defaults its --help states are those of the run (meta.txt, hyperfine's
# runs, the copies). The QUICK defaults: tests/harness/coldreport.bats.

load ../harness/helpers
load ../harness/coldhelp

setup() {
    need_binaries
    command -v jq >/dev/null || skip "jq is not installed"
}

@test "cold.sh --help: its defaults are those of a default run (meta.txt)" {
    local help m1 m2 m3 copies q_copies hf q_hf budget q_budget runs q_runs d
    cold_help_quick
    # the run itself, with no setting from the environment
    d=$BATS_TEST_TMPDIR/default
    run env -u COLDLOAD_QUICK -u COLDLOAD_BUDGET -u COLDLOAD_RUNS bash "$H/cold.sh" --out "$d" --binary /bin/true
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    cold_run_is "$d" "$copies" "$hf" "$budget" "$runs"
}
