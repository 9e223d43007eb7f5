#!/usr/bin/env bash
# tests/report/scanreport_fixture.sh -- writes tests/fixtures/results-small-scan/
# (kept in git; re-run after changing either source): a report's results
# directory holding a scan, as harness/report.sh leaves one -- the files of
# results-small, and under scan-run/ the synthetic scan of results-scan
# (tests/report/scan_fixture.sh) with coldload-scan's analysis in
# scan-run/scan/ (counts.tsv, recommendation.tsv, verdict.txt, the chart data).
# Its recommendation is known: grad width 1 at 0, 1 and 2 load
# workers; svdvals width 4 idle, width 1 at 1 and 2.
set -euo pipefail
cd "$(dirname "$0")/../.."
scan=${SCAN_TOOL:-build/coldload-scan}
[ -x "$scan" ] || { echo "$0: $scan is not built (make)" >&2; exit 2; }
out=tests/fixtures/results-small-scan
rm -rf "$out"
cp -r tests/fixtures/results-small "$out"
mkdir "$out/scan-run"
cp tests/fixtures/results-scan/samples.csv tests/fixtures/results-scan/scan-cells.csv \
    tests/fixtures/results-scan/meta.txt "$out/scan-run/"
# the settings harness/report.sh's scan step records
printf 'scan_procs=3\nscan_total_s=240\n' >>"$out/scan-run/meta.txt"
"$scan" "$out/scan-run" 2>/dev/null
# The report reads the analysis, never the rows: they stay in results-scan.
rm "$out/scan-run/samples.csv"
