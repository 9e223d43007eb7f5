#!/usr/bin/env bats
# tests/long/report.bats -- the cases of tests/harness/report.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/report

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

# A real scan.sh (its idle phase: no stress-ng yet), TERM to the report:
# the report stops it, its processes end, both metas say so.
@test "TERM during the scan: the scan is stopped (interrupted, its process gone), exit non-zero" {
    stand_in scan "exec bash '$H/scan.sh' \"\$@\""
    env --default-signal=INT,TERM,HUP bash "$H/report.sh" --out "$OUT" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    pid=$!
    ledger_rows() { [ "$(wc -l <"$OUT/scan-run/scan-cells.csv" 2>/dev/null || echo 0)" -gt 2 ]; }
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
