#!/usr/bin/env bats
# tests/long/coldreport.bats -- the cases of tests/harness/coldreport.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/coldhelp
load ../harness/coldreport

@test "make cold BINARY=... ARGS=...: quoted arguments reach the program whole; a failing program fails the run" {
    # test(1) exits 0 only when it gets three words: "a b" = "a b"
    out=$BATS_TEST_TMPDIR/test
    run make -s --no-print-directory -C "$ROOT" cold BINARY=test ARGS="'a b' = 'a b'" QUICK=1 OUT="$out"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '^cold_args=a b = a b$' "$out/meta.txt"
    [ -s "$out/report.html" ]
    # (coldreport.sh, which make cold runs, with the smallest counts: 1 copy, 2 hyperfine runs)
    out=$BATS_TEST_TMPDIR/false
    run bash "$H/coldreport.sh" --quick --copies 1 --hf-runs 2 --out "$out" --binary /bin/false
    [ "$status" -ne 0 ]
    grep -q '^cold_binary_failed_runs=' "$out/meta.txt"
    [ -s "$out/report.html" ]   # what was measured is reported all the same
}

@test "coldreport.sh --binary <a script> (a wrapper, a pyenv shim): the traced list holds the script and its interpreter" {
    command -v strace >/dev/null || skip "strace is not installed"
    prog=$BATS_TEST_TMPDIR/wrapper.sh
    printf '#!/bin/sh\nexec true\n' >"$prog"
    chmod +x "$prog"
    out=$BATS_TEST_TMPDIR/script
    run bash "$H/coldreport.sh" --quick --copies 1 --hf-runs 2 --out "$out" --binary "$prog"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '^cold_files_method=strace$' "$out/meta.txt"
    grep -qF "	$(realpath "$prog")" "$out/cold-files.txt"
    grep -qF "	$(realpath /bin/sh)" "$out/cold-files.txt"
    [ -s "$out/report.md" ]
}

@test "cold.sh --help: its QUICK defaults are those of a QUICK run (meta.txt), its ranges those it checks" {
    local help m1 m2 m3 copies q_copies hf q_hf budget q_budget runs q_runs q
    cold_help_quick
    # a QUICK run, with no setting from the environment (the defaults' own
    # run, ~1 min: tests/long/cold.bats)
    q=$BATS_TEST_TMPDIR/quick
    run env -u COLDLOAD_BUDGET -u COLDLOAD_RUNS bash "$H/cold.sh" --out "$q" --quick --binary /bin/true
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    cold_run_is "$q" "$q_copies" "$q_hf" "$q_budget" "$q_runs"
    # the ranges stated are the ones refused outside
    run bash "$H/cold.sh" --copies 101 --binary /bin/true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--copies: expected an integer in 1..100"* ]]
    run bash "$H/cold.sh" --hf-runs 1 --binary /bin/true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--hf-runs: expected an integer in 2..1000"* ]]
}
