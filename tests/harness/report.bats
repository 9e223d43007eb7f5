#!/usr/bin/env bats
# tests/harness/report.bats -- report.sh's steps, with stand-ins for the
# harnesses it runs (COLDLOAD_HARNESS: each records its arguments and exits
# 0, or fails as told), so nothing is measured: the scan is the sixth step
# by default, not with --quick, either way with --scan / --no-scan (or
# COLDLOAD_REPORT_SCAN, make's SCAN); it runs QUICK-sized into
# <out>/scan-run/ with the report's seed; a failing scan leaves
# `missing_step=scan`, `missing_why=why` and the rest of the report; a signal during the (real)
# scan stops it and its processes.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    need_binaries
    for t in gnuplot stress-ng hyperfine jq time timeout; do
        command -v "$t" >/dev/null || skip "$t not installed (make deps)"
    done
    [ -x "$B/coldload-scan" ] && [ -x "$B/coldload-summarize" ] || skip "build the binaries first (make)"
    OUT=$BATS_TEST_TMPDIR/out
    FAKE=$BATS_TEST_TMPDIR/harness
    export CALLS=$BATS_TEST_TMPDIR/calls
    mkdir -p "$FAKE"
    for s in cold warm loaded firstrun scan plots; do stand_in "$s"; done
    export COLDLOAD_HARNESS=$FAKE
}

# stand_in NAME [BODY]: FAKE/NAME.sh appends "NAME ARGS" to CALLS, then runs BODY.
stand_in() {
    printf '#!/usr/bin/env bash\necho "%s $*" >>"$CALLS"\n%s\n' "$1" "${2:-exit 0}" >"$FAKE/$1.sh"
}

# steps: the stand-ins that ran, in order, one word each.
steps() {
    cut -d' ' -f1 "$CALLS" | tr '\n' ' '
}

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

@test "--quick leaves the scan out; --scan, --scan=1, COLDLOAD_REPORT_SCAN=1 put it back; --no-scan drops it" {
    run bash "$H/report.sh" --out "$OUT" --quick
    [ "$status" -eq 0 ]
    [ "$(steps)" = "cold warm loaded firstrun plots " ]
    grep -q '^report_scan=0$' "$OUT/meta.txt"
    [[ $output == *"coldload report [4/5] first-run parts |"* ]]
    for on in "--scan" "--scan=1" "--scan=yes"; do
        rm -rf "$OUT" "$CALLS"
        run bash "$H/report.sh" --out "$OUT" --quick "$on"
        [ "$status" -eq 0 ]
        [ "$(steps)" = "cold warm loaded firstrun scan plots " ]
    done
    rm -rf "$OUT" "$CALLS"
    COLDLOAD_REPORT_SCAN=1 run bash "$H/report.sh" --out "$OUT" --quick
    [ "$(steps)" = "cold warm loaded firstrun scan plots " ]
    for off in "--no-scan" "--scan=0" "--scan=no"; do
        rm -rf "$OUT" "$CALLS"
        run bash "$H/report.sh" --out "$OUT" "$off"
        [ "$status" -eq 0 ]
        [ "$(steps)" = "cold warm loaded firstrun plots " ]
        grep -q '^report_scan=0$' "$OUT/meta.txt"
    done
    # the last flag wins
    rm -rf "$OUT" "$CALLS"
    run bash "$H/report.sh" --out "$OUT" --no-scan --scan
    [ "$(steps)" = "cold warm loaded firstrun scan plots " ]
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
    [[ $output == *"bash harness/report.sh --out '/x'"*"--scan='0'"* ]]
    run make -s -n -C "$ROOT" report-run OUT=/x
    [[ $output != *"--scan"* ]]
}

# missing_keys FILE: meta's missing_step and missing_why lines, one "KEY=VALUE|" each.
missing_keys() {
    grep '^missing' "$1" | tr '\n' '|'
}

@test "a failing scan: missing_step=scan, missing_why= its own error, the rest of the report is made, exit 1" {
    stand_in scan 'mkdir -p "$2"; echo "scan_error=coldload-scan failed (stand-in)" >>"$2/meta.txt"; exit 1'
    run bash "$H/report.sh" --out "$OUT" --seed 3
    [ "$status" -eq 1 ]
    [ "$(steps)" = "cold warm loaded firstrun scan plots " ]
    [ "$(missing_keys "$OUT/meta.txt")" = "missing_step=scan|missing_why=coldload-scan failed (stand-in)|" ]
    grep -q '^report_failed=scan (exit 1)$' "$OUT/meta.txt"
    [[ $output == *"scan failed with exit status 1; going on"* ]]
    # a scan that dies before its meta exists: its exit status is the why
    rm -rf "$OUT" "$CALLS"
    stand_in scan 'exit 2'
    run bash "$H/report.sh" --out "$OUT"
    [ "$status" -eq 1 ]
    [ "$(missing_keys "$OUT/meta.txt")" = "missing_step=scan|missing_why=exit status 2|" ]
    grep -q '^plots --results ' "$CALLS"
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

# A real scan.sh (its idle phase: no stress-ng yet), TERM to the report:
# the report stops it, its processes end, both metas say so.
@test "TERM during the scan: the scan is stopped (interrupted, its process gone), exit non-zero" {
    stand_in scan "exec bash '$H/scan.sh' \"\$@\""
    env --default-signal=INT,TERM,HUP bash "$H/report.sh" --out "$OUT" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    pid=$!
    ledger_rows() { [ -f "$OUT/scan-run/scan-cells.csv" ] && [ "$(wc -l <"$OUT/scan-run/scan-cells.csv")" -gt 2 ]; }
    wait_for ledger_rows
    kill -TERM "$pid"
    rc=0
    t0=$SECONDS
    wait "$pid" || rc=$?
    cat "$BATS_TEST_TMPDIR/log"
    [ "$rc" -ne 0 ]
    [ $((SECONDS - t0)) -le 10 ]
    grep -q '^report_interrupted_by=SIGTERM$' "$OUT/meta.txt"
    grep -q '^scan_interrupted_by=SIGTERM$' "$OUT/scan-run/meta.txt"
    run pgrep -f -- "--csv $OUT/scan-run/samples.csv"
    [ "$status" -ne 0 ]
    every_row_complete "$OUT/scan-run/samples.csv"
    # the report's own samples have no scan row
    [ ! -e "$OUT/samples.csv" ]
}
