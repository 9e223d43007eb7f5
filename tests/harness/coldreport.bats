#!/usr/bin/env bats
# tests/harness/coldreport.bats -- `make cold BINARY=PROG ARGS=...` (harness/coldreport.sh):
# anyone's program gets a report of its own -- the cold-start verdict, the
# files its cold start read, the cold-start chart -- with no coldload
# workload row; the program's arguments reach it as the shell splits them.
# cold.sh --help states the QUICK defaults and ranges cold.sh really uses (the
# defaults, a run of about a minute: tests/long/cold.bats).
# (the cases under a long real load: tests/long/coldreport.bats, make test-long)

load helpers
load coldhelp
load coldreport

@test "make cold BINARY=/bin/true QUICK=1: the program's own report, no workload rows" {
    out=$BATS_TEST_TMPDIR/true
    run make -s --no-print-directory -C "$ROOT" cold BINARY=/bin/true QUICK=1 OUT="$out" \
        EXPORT_HYPERFINE="$BATS_TEST_TMPDIR/hf.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # hyperfine's format beside results.json, and where EXPORT_HYPERFINE said
    cmp "$out/hyperfine.json" "$BATS_TEST_TMPDIR/hf.json"
    [ "$(jq -r '.results[].command' "$out/hyperfine.json" | sed 's/ \[.*//' | sort -u | xargs basename)" = true ]
    # the program's path, as meta.txt has it, not its name alone
    [ "$(jq -r '.results[].command' "$out/hyperfine.json" | sed 's/ \[.*//' | sort -u)" = "$(sed -n 's/^cold_binary=//p' "$out/meta.txt")" ]
    for f in report.html report.md summary.csv verdicts.txt cold-files.txt cold-pages.tsv \
             plots/cold_start.dat plots/cold_start.svg whole.csv; do
        [ -s "$out/$f" ] || { echo "missing $f"; return 1; }
    done
    [ ! -e "$out/samples.csv" ]
    [ ! -e "$out/firstrun.csv" ]
    grep -qx 'cold_binary=/bin/true' "$out/meta.txt" || grep -qx 'cold_binary=/usr/bin/true' "$out/meta.txt"
    grep -q '^## What the cold start read' "$out/report.md"
    grep -q '/true | ' "$out/report.md"      # the binary is in the file table
    run ! grep -q "Where the first run's milliseconds go" "$out/report.md"
    # a cold-only job: the cold-start question alone, nothing "not measured"
    grep -qx 'job=cold' "$out/meta.txt"
    grep -qx '## Is the first run slow here, and why?' "$out/report.md"
    run ! grep -q 'Do threads hurt\|Not measured here' "$out/report.md"
    # every row is the program's, named by its file's name (as make threads names it)
    [ "$(col "$out/summary.csv" workload | sort -u)" = true ]
    [ "$(col "$out/whole.csv" workload | sort -u)" = true ]
    [ "$(cut -f1 "$out/cold-pages.tsv" | tail -n +2 | sort -u)" = true ]
    grep -Eq '^(OK|NOTE|WARN) cold-start: true, idle: ' "$out/verdicts.txt"
    grep -q '^| true, fresh | ' "$out/report.md"
    grep -q '^\*\*true, evicted: [+-][0-9.]* ms over same' "$out/report.md"
    [ "$(col "$out/summary.csv" copy | sort -u | tr '\n' ' ')" = "evicted fresh same " ]
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
    [[ $output == *"--binary: '/etc/passwd' is not executable"* ]]
    run ! grep -q 'interrupted by' <<<"$output"
    # the lookup of threads.sh and ab.sh: a directory and a missing program said as such
    run bash "$H/coldreport.sh" --out "$out-3" --binary "$BATS_TEST_TMPDIR"
    [ "$status" -eq 2 ]
    [[ $output == *"--binary: '$BATS_TEST_TMPDIR' is a directory"* ]]
    run bash "$H/coldreport.sh" --out "$out-4" --binary no-such-program-anywhere
    [ "$status" -eq 2 ]
    [[ $output == *"--binary: 'no-such-program-anywhere': no such file (nor a program on PATH)"* ]]
}

@test "make cold BINARY= ARGS=: ARGS split as the shell splits words, nothing run or expanded; the program gets each word as it is" {
    prog=$BATS_TEST_TMPDIR/args.sh
    printf '#!/bin/sh\nprintf "[%%s]" "$@"\n' >"$prog"
    chmod +x "$prog"
    out=$BATS_TEST_TMPDIR/args
    run make -s --no-print-directory -C "$ROOT" cold BINARY="$prog" QUICK=1 OUT="$out" \
        ARGS="'a b' \$1 it\\'s; touch $BATS_TEST_TMPDIR/X1 \$(touch $BATS_TEST_TMPDIR/X2)"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ ! -e "$BATS_TEST_TMPDIR/X1" ]
    [ ! -e "$BATS_TEST_TMPDIR/X2" ]
    want="[a b][\$1][it's;][touch][$BATS_TEST_TMPDIR/X1][\$(touch][$BATS_TEST_TMPDIR/X2)]"
    for f in "$out"/logs/cold-same-binary-k*.out; do
        [ "$(cat "$f")" = "$want" ] || { echo "$f: $(cat "$f")"; false; }
    done
}
