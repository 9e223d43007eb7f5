#!/usr/bin/env bash
# harness/coldreport.sh -- a cold-start investigation with a report of its
# own: harness/cold.sh with the arguments given (typically --binary PROG --
# ARGS, anyone's program), then the summary, verdicts, charts and report of
# that results directory (harness/plots.sh). `make cold BINARY=... ARGS=...`
# and the container's `cold` command run it.
#
# The report holds what cold.sh measured and nothing else: the cold-start
# verdict, the "what the cold start read" tables, the cold-start chart; no
# warm, loaded or first-run rows, and no "missing" lines for them (this is
# not the main job, which is harness/report.sh). meta.txt's job=cold tells
# coldload-summarize so: the report asks the cold-start question alone.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"

usage() {
    cl_usage '[COLD_OPTIONS...] [--binary PATH [-- ARGS...]]' <<'USAGE'
Every other option is harness/cold.sh's (below); DIR is where the results and the report go.
Writes DIR/report.html, report.md, summary.csv, verdicts.txt, plots/ besides cold.sh's files.
Exit: 0 done, 1 the cold runs or the report failed (what was measured is kept), 2 bad flags.
USAGE
    printf '\n'
    bash "$CL_ROOT/harness/cold.sh" --help
}

cl_init coldreport "$@"
cl_defaults
passed=()
while [ $# -gt 0 ]; do
    case $1 in
        --) passed+=("$@"); break ;;
        --out) cl_optval "$@"; CL_OPT[OUT]=$2; shift 2 ;;
        --out=*) CL_OPT[OUT]=${1#--out=}; shift ;;
        # the report's, not cold.sh's: plots.sh hands it to coldload-summarize
        --export-hyperfine) cl_optval "$@"; CL_OPT[EXPORT_HF]=$2; shift 2 ;;
        --export-hyperfine=*) cl_optval --export-hyperfine "${1#*=}"; CL_OPT[EXPORT_HF]=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        # the common flags (those that also come from COLDLOAD_*) are read
        # here too (meta); everything is cold.sh's to judge
        *) if cl_opt_row row used "$1" cold && [ -n "${CL_OT[$row,env]}" ] && cl_take_opt cold "$@"; then
               passed+=("${@:1:$CL_SHIFT}"); shift "$CL_SHIFT"
           else passed+=("$1"); shift; fi ;;
    esac
done
cl_finalize_opts
cl_need_tools gnuplot
for b in coldload-evict coldload-summarize; do cl_need_binary "$CL_BUILD/$b"; done
# cold.sh judges its own flags: before a results directory exists (it says why)
crc=0
COLDLOAD_CHECK_ARGS=1 bash "$CL_ROOT/harness/cold.sh" "${passed[@]}" >/dev/null || crc=$?
if [ "$crc" -ne 0 ]; then CL_DYING=1; exit "$crc"; fi

cl_results_init
cl_traps
cl_meta_begin
cl_meta job cold

# cold.sh in the background, so a signal to this script reaches it (cl_traps
# stops CL_CHILD); it holds our lock through COLDLOAD_LOCK_FD.
rc=0
bash "$CL_ROOT/harness/cold.sh" --out "$CL_OUT" "${passed[@]}" &
CL_CHILD=$!
wait "$CL_CHILD" || rc=$?
CL_CHILD=
# A usage error measured nothing: no report of nothing. cold.sh has said
# what was wrong; CL_DYING tells the exit trap this 2 is ours to pass on,
# not a signal bash lost (cl_on_exit).
if [ "$rc" -eq 2 ]; then CL_DYING=1; exit 2; fi
failed=()
[ "$rc" -eq 0 ] || failed+=("cold.sh (exit $rc)")
prc=0
hf=()
[ -z "${CL_OPT[EXPORT_HF]}" ] || hf=(-- --export-hyperfine "${CL_OPT[EXPORT_HF]}")
bash "$CL_ROOT/harness/plots.sh" --results "$CL_OUT" "${hf[@]}" || prc=$?
[ "$prc" -eq 0 ] || failed+=("plots.sh (exit $prc)")
if [ -s "$CL_OUT/report.html" ]; then
    printf '\ncoldload cold report: %s/report.html\n                      %s/report.md (verdicts: %s/verdicts.txt)\n' \
        "$CL_OUT" "$CL_OUT" "$CL_OUT" >&2
fi
[ ${#failed[@]} -eq 0 ] || cl_die "failed: ${failed[*]}; the results measured are in $CL_OUT"
