#!/usr/bin/env bats
# tests/harness/report.bats -- report.sh's steps, with stand-ins for the
# harnesses it runs (COLDLOAD_HARNESS: each records its arguments and exits
# 0, or fails as told), so nothing is measured: the scan is the sixth step
# by default, not with --quick, either way with --scan / --no-scan (or
# COLDLOAD_REPORT_SCAN, make's SCAN); it runs QUICK-sized into
# <out>/scan-run/ with the report's seed; a failing scan leaves
# `missing_step=scan`, `missing_why=why` and the rest of the report; a signal during the (real)
# scan stops it and its processes.
# (the cases under a long real load: tests/long/report.bats, make test-long)

load helpers
load report

@test "the scan is the sixth step of a full report: QUICK-sized, into <out>/scan-run/, the report's seed" {
    run bash "$H/report.sh" --out "$OUT" --seed 42 --widths "1 2" --procs 4 --budget 3 --strict
    [ "$status" -eq 0 ]
    [ "$(steps)" = "cold warm loaded firstrun scan plots " ]
    # its own map: the report's widths, processes and budget are not its
    [ "$(grep '^scan ' "$CALLS")" = "scan --out $OUT/scan-run --quick --scan load --seed 42 --strict" ]
    grep -q "^cold --out $OUT --seed 42 --widths 1 2 --procs 4 --budget 3 --strict$" "$CALLS"
    grep -q '^report_scan=1$' "$OUT/meta.txt"
    grep -q '^report_failed=none$' "$OUT/meta.txt"
    [[ $output == *"coldload report [5/6] scan |"* ]]
}

@test "the scan's environment: the report's COLDLOAD_WIDTHS, _PROCS, _SCAN... do not reach it" {
    stand_in scan 'env | grep "^COLDLOAD_" | sort >"$CALLS.env"'
    COLDLOAD_WIDTHS="1 2" COLDLOAD_PROCS=4 COLDLOAD_SCAN=wait COLDLOAD_SCAN_TOTAL=9 COLDLOAD_RUNS=2 \
        run bash "$H/report.sh" --out "$OUT" --seed 1
    [ "$status" -eq 0 ]
    [ -s "$CALLS.env" ]
    run ! grep -E '^COLDLOAD_(WIDTHS|PROCS|SCAN|SCAN_TOTAL|RUNS|BUDGET|STRESSORS)=' "$CALLS.env"
    # the other steps keep them
    grep -q "^warm --out $OUT --seed 1$" "$CALLS"
}

@test "--scan with a bad value, or a bad COLDLOAD_REPORT_SCAN: exit 2, nothing run, no directory" {
    for v in --scan=maybe --scan=2 --scan= --scan=wait; do
        run bash "$H/report.sh" --out "$OUT" "$v"
        [ "$status" -eq 2 ]
        [[ $output == *"--scan"* ]]
        [ ! -e "$OUT" ]
        [ ! -e "$CALLS" ]
    done
    COLDLOAD_REPORT_SCAN=sometimes run bash "$H/report.sh" --out "$OUT"
    [ "$status" -eq 2 ]
    [[ $output == *"expected 1 or 0 (yes/no), got 'sometimes'"* ]]
    [ ! -e "$OUT" ]
}

@test "make report SCAN=1|0 passes --scan=VALUE (report.sh checks it)" {
    run make -s -n -C "$ROOT" report-run SCAN=0 OUT=/x
    [ "$status" -eq 0 ]
    [[ $output == *'bash harness/report.sh --out "$COLDLOAD_MAKE_OUT"'*'--scan="$COLDLOAD_MAKE_SCAN"'* ]]
    run make -s -n -C "$ROOT" report-run OUT=/x
    [ "$status" -eq 0 ]
    [[ $output == *'bash harness/report.sh --out "$COLDLOAD_MAKE_OUT"'* ]]
    [[ $output != *"--scan"* ]]
}

@test "two failed steps: a missing_step, missing_why pair each, in order; the report says each (Missing: NAME — why)" {
    stand_in cold 'echo "cold_error=hyperfine: no such file (stand-in)" >>"$2/meta.txt"; exit 1'
    stand_in firstrun 'exit 3'
    run bash "$H/report.sh" --out "$OUT" --seed 5 --no-scan
    [ "$status" -eq 1 ]
    [ "$(steps)" = "cold warm loaded firstrun plots " ]
    [ "$(missing_keys "$OUT/meta.txt")" = "missing_step=cold starts|missing_why=hyperfine: no such file (stand-in)|missing_step=first-run parts|missing_why=exit status 3|" ]
    run ! grep -q '^missing=' "$OUT/meta.txt"
    grep -q '^report_failed=cold starts (exit 1) first-run parts (exit 3)$' "$OUT/meta.txt"
    # the report made from that meta (a fixture's rows under it): one line a step, before the answers
    cp -r "$ROOT/tests/fixtures/results-procs" "$BATS_TEST_TMPDIR/fx"
    cat "$OUT/meta.txt" >>"$BATS_TEST_TMPDIR/fx/meta.txt"
    "$B/coldload-summarize" "$BATS_TEST_TMPDIR/fx" >/dev/null
    md=$BATS_TEST_TMPDIR/fx/report.md
    [ "$(sed -n 3p "$md")" = "**Missing: cold starts** — hyperfine: no such file (stand-in)" ]
    [ "$(sed -n 5p "$md")" = "**Missing: first-run parts** — exit status 3" ]
    [ "$(grep -c '^\*\*Missing' "$md")" = 2 ]
    grep -q '<p class="missing"><b>Missing: cold starts</b> — hyperfine: no such file (stand-in)</p>' "$BATS_TEST_TMPDIR/fx/report.html"
}

@test "make warm, loaded, firstrun, cold: each part ends with its directory's report (report.html, results.json, hyperfine.json), results/latest pointing there" {
    res=$BATS_TEST_TMPDIR/results
    COLDLOAD_RESULTS=$res run make -s -C "$ROOT" warm QUICK=1 PROCS=1 WIDTHS=1
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ -L "$res/latest" ]
    for f in report.html report.md results.json hyperfine.json samples.csv; do
        [ -s "$res/latest/$f" ] || { echo "results/latest/$f missing"; false; }
    done
    # a usage error: no directory, no report, make fails
    COLDLOAD_RESULTS=$BATS_TEST_TMPDIR/r2 run make -s -C "$ROOT" warm HARNESS_ARGS=--no-such-flag
    [ "$status" -ne 0 ]
    [ ! -e "$BATS_TEST_TMPDIR/r2" ]
    # the other parts the same way (make -n: nothing run)
    # (blanks squeezed: an unset variable leaves one)
    run make -s -n -C "$ROOT" loaded QUICK=1
    [ "$status" -eq 0 ]
    [[ $(tr -s ' ' <<<"$output") == *"bash mk/run.sh bash harness/part.sh loaded --quick"* ]]
    run make -s -n -C "$ROOT" firstrun QUICK=1
    [ "$status" -eq 0 ]
    [[ $(tr -s ' ' <<<"$output") == *"bash mk/run.sh bash harness/part.sh firstrun --quick"* ]]
    run make -s -n -C "$ROOT" cold QUICK=1
    [ "$status" -eq 0 ]
    [[ $(tr -s ' ' <<<"$output") == *"bash mk/run.sh bash harness/coldreport.sh --quick"* ]]
}
