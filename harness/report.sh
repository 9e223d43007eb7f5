#!/usr/bin/env bash
# harness/report.sh -- the main job: cold + warm + loaded measurements and the
# first run's parts (firstrun.sh) into one results directory, then the scan
# (scan.sh, QUICK-sized, into <out>/scan-run/; not in a QUICK report unless
# asked), then the summary, verdicts, charts and report (harness/plots.sh).
# `make report` runs it; so does the container.
#
# A harness that fails does not stop the others: whatever was measured is
# summarised and reported, and the exit status says something failed.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"

usage() {
    cl_usage '[--help]' <<'USAGE'
Also --flag=VALUE for --flag VALUE.
Writes DIR/report.html and DIR/report.md (verdicts first), summary.csv, verdicts.txt, plots/.
Besides: COLDLOAD_HARNESS=DIR where the steps' scripts are (default harness/; for tests)
Exit: 0 done, 1 a measurement or the report failed (what was measured is kept), 2 bad flags.
USAGE
}

cl_init report "$@"
cl_defaults
passed=()   # the flags the user gave, handed on unchanged (the harnesses keep their defaults)
while [ $# -gt 0 ]; do
    case $1 in
        # --scan is a switch; --scan=V (make's SCAN=V) sets it either way
        --scan=*) CL_OPT[REPORT_SCAN]=${1#--scan=}; [ -n "${CL_OPT[REPORT_SCAN]}" ] || cl_usage_error "--scan= needs 1 or 0"; shift; continue ;;
        --scan | --no-scan) cl_common_opt "$@"; shift; continue ;;
    esac
    # --flag=VALUE is --flag VALUE (the container's entrypoint passes either form)
    if [[ $1 == --*=* ]]; then set -- "${1%%=*}" "${1#*=}" "${@:2}"; fi
    cl_common_opt "$@" || cl_usage_error "unknown option '$1'"
    [ "$1" = --out ] || passed+=("${@:1:$CL_SHIFT}")
    shift "$CL_SHIFT"
done
cl_finalize_opts
# The scan is the longest step a QUICK report could take, so QUICK leaves it
# out unless asked; a full report has the time.
cl_opt_default scan_def --scan
case ${CL_OPT[REPORT_SCAN]:-$scan_def} in
    1|yes|true) scan=1 ;;
    0|no|false) scan=0 ;;
    *) cl_usage_error "--scan: expected 1 or 0 (yes/no), got '${CL_OPT[REPORT_SCAN]}'" ;;
esac
steps=${COLDLOAD_HARNESS:-$CL_ROOT/harness}
# One seed for the whole report, so warm and loaded both replay from meta.
[ -n "${CL_OPT[SEED]}" ] || passed+=(--seed "$CL_SEED")
cl_need_tools gnuplot stress-ng hyperfine jq
bins="p28_timing coldload-evict coldload-run coldload-summarize coldload-probe"
if [ "$scan" = 1 ]; then bins+=" coldload-scan"; fi
for b in $bins; do cl_need_binary "$CL_BUILD/$b"; done

cl_results_init
cl_traps
cl_meta_begin

# run_step NAME HARNESS META CMD...: one harness, in the background so a
# signal to this script reaches it (cl_traps stops CL_CHILD), its progress on
# our stderr. When it fails, meta gets `missing_step=NAME` and then
# `missing_why=WHY` (the harness's own last error in META, or its exit
# status): two keys, so that the report pairs them and never splits a text
# (docs/meta-keys.md); it opens with them.
failed=()
run_step() {
    local name=$1 harness=$2 meta=$3 rc=0 why
    shift 3
    cl_progress "$name"
    "$@" &
    CL_CHILD=$!
    wait "$CL_CHILD" || rc=$?
    CL_CHILD=
    if [ "$rc" -ne 0 ]; then
        failed+=("$name (exit $rc)")
        why=
        # (a harness that died before its meta existed leaves no error line)
        [ ! -f "$meta" ] || why=$(sed -n "s/^${harness}_error=//p" "$meta" | tail -n1)
        # one append: the pair lands whole or not at all (a full disk)
        cl_append "$CL_META" "missing_step=$name"$'\n'"missing_why=${why:-exit status $rc}"$'\n' ||
            cl_write_failed "$CL_META"
        cl_warn "$name failed with exit status $rc; going on with what it measured"
    fi
}

cl_meta report_scan "$scan"
cl_progress_start $((5 + scan))
run_step "cold starts" cold "$CL_META" bash "$steps/cold.sh" --out "$CL_OUT" "${passed[@]}"
run_step "warm runs" warm "$CL_META" bash "$steps/warm.sh" --out "$CL_OUT" "${passed[@]}"
run_step "loaded runs" loaded "$CL_META" bash "$steps/loaded.sh" --out "$CL_OUT" "${passed[@]}"
run_step "first-run parts" firstrun "$CL_META" bash "$steps/firstrun.sh" --out "$CL_OUT" "${passed[@]}"
# The scan in a directory of its own: its rows share workload, width and
# load with the loaded cells, and the summary would fold them in. QUICK
# sizing bounds it (scan.sh: deadline 240 s, 10 s a process); the report's
# widths, load levels, processes, budget and runs are the report's cells',
# not the scan's map, so neither they nor their COLDLOAD_* reach it.
if [ "$scan" = 1 ]; then
    # The load map only (load workers x width, the best width per level):
    # the wait-policy scan is two thirds of the scan's processes and answers
    # neither of the report's questions; `make scan` runs both.
    scan_flags=(--out "$CL_OUT/scan-run" --quick --scan load --seed "$CL_SEED")
    [ "${CL_OPT[STRICT]}" = 1 ] && scan_flags+=(--strict)
    run_step "scan" scan "$CL_OUT/scan-run/meta.txt" env -u COLDLOAD_WIDTHS -u COLDLOAD_STRESSORS \
        -u COLDLOAD_PROCS -u COLDLOAD_BUDGET -u COLDLOAD_RUNS -u COLDLOAD_SCAN -u COLDLOAD_SCAN_TOTAL \
        bash "$steps/scan.sh" "${scan_flags[@]}"
fi
cl_progress "summary, charts, report"
rc=0
hf=()
[ -z "${CL_OPT[EXPORT_HF]}" ] || hf=(-- --export-hyperfine "${CL_OPT[EXPORT_HF]}")
bash "$steps/plots.sh" --results "$CL_OUT" "${hf[@]}" || rc=$?
[ "$rc" -eq 0 ] || failed+=("plots.sh (exit $rc)")

cl_meta report_failed "${failed[*]:-none}"
if [ -s "$CL_OUT/report.html" ]; then
    printf '\ncoldload report: %s/report.html\n                 %s/report.md (verdicts: %s/verdicts.txt)\n' \
        "$CL_OUT" "$CL_OUT" "$CL_OUT" >&2
fi
if [ ${#failed[@]} -gt 0 ]; then
    cl_die "failed: ${failed[*]}; the results measured are in $CL_OUT"
fi
