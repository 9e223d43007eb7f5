#!/usr/bin/env bash
# harness/plots.sh -- re-renders a results directory's summary, charts and
# report without measuring anything: coldload-summarize (summary.csv,
# verdicts.txt, plots/*.dat, report.html, report.md), then one gnuplot run
# per chart whose .dat exists (plots/<chart>.png and .svg), and the scan's
# charts when the directory holds one (scan-run/scan/*.dat, report.sh's
# last step: scan-run/scan/heatmap-W.png, wait-W.png and .svg).
#
# report.sh calls it after the measurements; `make plots [RESULTS=DIR]` calls
# it on any old results directory (default results/latest).
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/scan.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/scan.sh"

usage() {
    cl_usage '[-- SUMMARIZE_FLAGS...]' <<'USAGE'
  -- FLAGS          passed to coldload-summarize (e.g. -- --first-min 50)
Writes DIR/summary.csv, verdicts.txt, plots/*.png, plots/*.svg, report.html, report.md,
and the scan's charts DIR/scan-run/scan/*.png, *.svg when DIR holds a scan.
USAGE
}

cl_init plots "$@"
# --results is the table's (harness/lib/opttable.sh); -- FLAGS go to coldload-summarize.
cl_defaults
CL_DASHDASH_OK=1
cl_parse_opts "$@"
summarize_flags=("${CL_ARGS[@]}")
results=${CL_OPT[RESULTS]:-$CL_RESULTS/latest}
[ -d "$results" ] || cl_usage_error "no results directory '$results' (run make report first, or pass --results DIR)"
results=$(cd "$results" && pwd)
# gnuplot writes plots/*.png and .svg by name: no link in the directory
cl_results_check "$results"
cl_need_tools gnuplot
cl_need_binary "$CL_BUILD/coldload-summarize"

# Exit 2 from summarize is bad input (its message names file and line).
rc=0
"$CL_BUILD/coldload-summarize" "${summarize_flags[@]}" "$results" || rc=$?
[ "$rc" -eq 0 ] || cl_die "coldload-summarize failed on $results (exit $rc)" "$rc"

# The chart list is the summarizer's own table (plots/<name>.gp each).
charts=()
while IFS=$'\t' read -r c _; do charts+=("$c"); done < <("$CL_BUILD/coldload-summarize" --list-charts)
[ "${#charts[@]}" -gt 0 ] || cl_die "coldload-summarize --list-charts listed no chart"
# The first-run chart has its own rows (firstrun.csv), not the summary's, so
# it is not in that table; like every chart it is drawn when it has data.
charts+=(firstrun)
made=0
for c in "${charts[@]}"; do
    if [ ! -s "$results/plots/$c.dat" ]; then
        # No rows for this chart now: an older rendering would mislead.
        rm -f -- "$results/plots/$c.png" "$results/plots/$c.svg"
        continue
    fi
    # UTF-8: titles hold a middle dot, which gnuplot cannot convert in the C locale.
    if ! (cd "$results/plots" && LC_ALL=C.UTF-8 GNUPLOT_LIB=$CL_ROOT/plots gnuplot "$CL_ROOT/plots/$c.gp"); then
        cl_die "gnuplot failed on plots/$c.gp for $results"
    fi
    for ext in png svg; do
        [ -s "$results/plots/$c.$ext" ] || cl_die "gnuplot wrote no plots/$c.$ext for $results"
    done
    made=$((made + 1))
done
# The scan's charts, from the data coldload-scan left beside its verdict
# (the report links them; the scan drew them once already, this redraws them
# with the current plots/scan_*.gp).
if [ -d "$results/scan-run/scan" ]; then
    scan_plots "$results/scan-run/scan"
    printf 'coldload plots: scan charts in %s/scan-run/scan\n' "$results" >&2
fi
printf 'coldload plots: %d chart(s) in %s/plots; report: %s/report.html\n' "$made" "$results" "$results" >&2
