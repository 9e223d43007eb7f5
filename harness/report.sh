#!/usr/bin/env bash
# harness/report.sh -- the main job: cold + warm + loaded measurements and the
# first run's parts (firstrun.sh) into one results directory, then the
# summary, verdicts, charts and report
# (harness/plots.sh). `make report` runs it; so does the container.
#
# A harness that fails does not stop the others: whatever was measured is
# summarised and reported, and the exit status says something failed.
set -euo pipefail
# shellcheck source=harness/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
    cat <<'USAGE'
usage: harness/report.sh [--quick] [--out DIR] [--load pinned|free|both] [--procs K] [--seed N]
                         [--widths "1 2"] [--stressors S] [--budget SECONDS] [--runs N] [--strict] [--help]
  --quick             QUICK mode everywhere (fewer copies, processes and runs, one beta; < 4 min on 2 cores)
  --out DIR           results directory (default results/<UTC stamp>-<host>, results/latest links to it)
  --load KIND         loaded runs: pinned (one stress-ng worker bound to each CPU), free (unbound
                      stress-ng), or both (default: pinned first)
  --procs K           processes per cell for warm and loaded runs (default 5, QUICK 3)
  --seed N            seed of the shuffled cell order (default: from the clock; in meta.txt)
  --widths LIST       engine widths for warm and loaded runs (default "1 N", N = min(8, nproc))
  --stressors LIST    load workers for the loaded runs (default: one per usable CPU)
  --budget SECONDS    time budget per process (default 20, QUICK 6)
  --runs N            steady runs per process (default 20, QUICK 5)
  --strict            refuse (exit 3) to take idle measurements on a busy machine
Writes DIR/report.html and DIR/report.md (verdicts first), summary.csv, verdicts.txt, plots/.
Exit: 0 done, 1 a measurement or the report failed (what was measured is kept), 2 bad flags.
USAGE
}

cl_init report "$@"
cl_defaults
passed=()   # the flags the user gave, handed on unchanged (the harnesses keep their defaults)
while [ $# -gt 0 ]; do
    # --flag=VALUE is --flag VALUE (the container's entrypoint passes either form)
    if [[ $1 == --*=* ]]; then set -- "${1%%=*}" "${1#*=}" "${@:2}"; fi
    cl_common_opt "$@" || cl_usage_error "unknown option '$1'"
    [ "$1" = --out ] || passed+=("${@:1:$CL_SHIFT}")
    shift "$CL_SHIFT"
done
cl_finalize_opts
# One seed for the whole report, so warm and loaded both replay from meta.
[ -n "$CL_OPT_SEED" ] || passed+=(--seed "$CL_SEED")
cl_need_tools gnuplot stress-ng hyperfine jq time timeout
for b in p28_timing coldload-evict coldload-summarize coldload-probe; do cl_need_binary "$CL_BUILD/$b"; done

cl_results_init
cl_traps
cl_meta_begin

# run_step NAME HARNESS CMD...: one harness, in the background so a signal
# to this script reaches it (cl_traps stops CL_CHILD), its progress on our
# stderr. When it fails, meta gets `missing=NAME: why` (the harness's own
# last error, or its exit status) -- the report opens with those lines.
failed=()
run_step() {
    local name=$1 harness=$2 rc=0 why
    shift 2
    cl_progress "$name"
    "$@" &
    CL_CHILD=$!
    wait "$CL_CHILD" || rc=$?
    CL_CHILD=
    if [ "$rc" -ne 0 ]; then
        failed+=("$name (exit $rc)")
        why=$(sed -n "s/^${harness}_error=//p" "$CL_META" | tail -n1)
        cl_meta missing "$name: ${why:-exit status $rc}"
        cl_warn "$name failed with exit status $rc; going on with what it measured"
    fi
}

cl_progress_start 5
run_step "cold starts" cold bash "$CL_ROOT/harness/cold.sh" --out "$CL_OUT" "${passed[@]}"
run_step "warm runs" warm bash "$CL_ROOT/harness/warm.sh" --out "$CL_OUT" "${passed[@]}"
run_step "loaded runs" loaded bash "$CL_ROOT/harness/loaded.sh" --out "$CL_OUT" "${passed[@]}"
run_step "first-run parts" firstrun bash "$CL_ROOT/harness/firstrun.sh" --out "$CL_OUT" "${passed[@]}"
cl_progress "summary, charts, report"
rc=0
bash "$CL_ROOT/harness/plots.sh" --results "$CL_OUT" || rc=$?
[ "$rc" -eq 0 ] || failed+=("plots.sh (exit $rc)")

cl_meta report_failed "${failed[*]:-none}"
if [ -s "$CL_OUT/report.html" ]; then
    printf '\ncoldload report: %s/report.html\n                 %s/report.md (verdicts: %s/verdicts.txt)\n' \
        "$CL_OUT" "$CL_OUT" "$CL_OUT" >&2
fi
if [ ${#failed[@]} -gt 0 ]; then
    cl_die "failed: ${failed[*]}; the results measured are in $CL_OUT"
fi
