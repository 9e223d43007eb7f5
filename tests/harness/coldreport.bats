#!/usr/bin/env bats
# tests/harness/coldreport.bats -- `make cold BINARY=PROG ARGS=...` (harness/coldreport.sh):
# anyone's program gets a report of its own -- the cold-start verdict, the
# files its cold start read, the cold-start chart -- with no coldload
# workload row; the program's arguments reach it as the shell splits them.
# cold.sh --help states the QUICK defaults and ranges cold.sh really uses (the
# defaults, a run of about a minute: tests/long/cold.bats).

bats_require_minimum_version 1.5.0
load helpers
load coldhelp

setup() {
    need_binaries
    [ -x "$B/coldload-summarize" ] || skip "build the binaries first (make)"
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
}

@test "make cold BINARY=/bin/true QUICK=1: the program's own report, no workload rows" {
    out=$BATS_TEST_TMPDIR/true
    run make -s --no-print-directory -C "$ROOT" cold BINARY=/bin/true QUICK=1 OUT="$out" \
        EXPORT_HYPERFINE="$BATS_TEST_TMPDIR/hf.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # hyperfine's format beside results.json, and where EXPORT_HYPERFINE said
    cmp "$out/hyperfine.json" "$BATS_TEST_TMPDIR/hf.json"
    [ "$(jq -r '.results[].command' "$out/hyperfine.json" | sed 's/ \[.*//' | sort -u | xargs basename)" = true ]
    for f in report.html report.md summary.csv verdicts.txt cold-files.txt cold-pages.tsv \
             plots/cold_start.dat plots/cold_start.svg whole.csv; do
        [ -s "$out/$f" ] || { echo "missing $f"; return 1; }
    done
    [ ! -e "$out/samples.csv" ]
    [ ! -e "$out/firstrun.csv" ]
    grep -qx 'cold_binary=/bin/true' "$out/meta.txt" || grep -qx 'cold_binary=/usr/bin/true' "$out/meta.txt"
    grep -Eq '^(OK|NOTE|WARN) cold-start: program, idle: ' "$out/verdicts.txt"
    grep -q '^## What the cold start read' "$out/report.md"
    grep -q '/true | ' "$out/report.md"      # the binary is in the file table
    run ! grep -q "Where the first run's milliseconds go" "$out/report.md"
    # a cold-only job: the cold-start question alone, nothing "not measured"
    grep -qx 'job=cold' "$out/meta.txt"
    grep -qx '## Is the first run slow here, and why?' "$out/report.md"
    run ! grep -q 'Do threads hurt\|Not measured here' "$out/report.md"
    # every summary row is the program's: no workload named
    [ "$(col "$out/summary.csv" workload | sort -u | tr -d '\n')" = "" ]
    [ "$(col "$out/summary.csv" copy | sort -u | tr '\n' ' ')" = "evicted fresh same " ]
}

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

@test "coldreport.sh: a bad cold.sh flag is a usage error (exit 2) and makes no report" {
    out=$BATS_TEST_TMPDIR/bad
    run bash "$H/coldreport.sh" --out "$out" --copies zero --binary /bin/true
    [ "$status" -eq 2 ]
    [[ $output == *"--copies"* ]]
    [ ! -e "$out/report.html" ]
    # the usage error is said as one, not as a signal
    run ! grep -q 'interrupted by' <<<"$output"
    run bash "$H/coldreport.sh" --out "$out-2" --binary /etc/passwd
    [ "$status" -eq 2 ]
    [[ $output == *"is not an executable file"* ]]
    run ! grep -q 'interrupted by' <<<"$output"
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
    [ "$(meta_last "$q" cold_copies)" = "$q_copies" ]
    [ "$(meta_last "$q" cold_hf_runs)" = "$q_hf" ]
    [ "$(meta_last "$q" cold_budget_s)" = "$q_budget" ]
    [ "$(meta_last "$q" cold_runs)" = "$q_runs" ]
    # hyperfine ran that many times per kind, K copies each kind
    [ "$(jq '.results[0].times | length' "$q/hyperfine/cold-binary-same.json")" -eq "$q_hf" ]
    [ "$(col "$q/whole.csv" tool | grep -c '^time$')" -eq $((q_copies * 3)) ]
    # the ranges stated are the ones refused outside
    run bash "$H/cold.sh" --copies 101 --binary /bin/true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--copies: expected an integer in 1..100"* ]]
    run bash "$H/cold.sh" --hf-runs 1 --binary /bin/true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--hf-runs: expected an integer in 2..1000"* ]]
}
