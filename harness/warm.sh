#!/usr/bin/env bash
# harness/warm.sh -- warm steady state: p28_timing (grad, svdvals) and ising_trg
# at every width, on an idle machine (condition=idle, copy=inplace).
#
# "Warm" means the binaries and their libraries are already in memory: one
# untimed run of each comes first. Every measurement appends its in-process
# rows to samples.csv, the launcher's row (coldload-run) to runs.csv and one
# whole-process row to whole.csv.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"

usage() {
    cl_usage '' <<'USAGE'
Besides the TRG at its full size, warm measures the loaded runs' smaller TRG (one beta, chi 8, 10 steps).
The workloads and their arguments are the binaries' own: build/p28_timing --describe, build/ising_trg --describe.
Also COLDLOAD_BUSY_PSI: the CPU pressure (%) that counts as busy (default 50).
USAGE
}

cl_init warm "$@"
cl_defaults
cl_parse_common "$@"
if [ "${CL_OPT[DRY]:-0}" = 1 ]; then
    cl_workloads warm
    CL_TAG_CONDITION=idle
    cl_plan_print "none:0"
    exit 0
fi
cl_need_binary "$CL_BUILD/p28_timing"
cl_need_binary "$CL_BUILD/coldload-run"

cl_results_init
cl_traps
cl_meta_begin
cl_meta warm_widths "$CL_WIDTHS"
# K when --procs fixed it, else the stopping rule's MIN-MAX
if [ "$CL_PROCS_MIN" = "$CL_PROCS_MAX" ]; then cl_meta warm_procs "$CL_PROCS_MIN"; else cl_meta warm_procs "$CL_PROCS_MIN-$CL_PROCS_MAX"; fi
cl_meta warm_shuffle_seed "$CL_SEED"
cl_check_widths
cl_workloads warm
cl_meta warm_workloads "$CL_WORKLOADS"
RANDOM=$CL_SEED

# One untimed run of each workload, so what follows is the warm state.
for w in $CL_WORKLOADS; do
    cl_cell "$w"
    cl_exec "warm-warmup-$w" "$CL_CELL_BINARY" "${CL_CELL_ARGS[@]}" --runs 1 ||
        cl_die "$w failed its warm-up run (see $CL_LOG.err)"
done

CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_COPY=inplace CL_TAG_LOAD=none
read -ra widths <<<"$CL_WIDTHS"
read -ra workloads <<<"$CL_WORKLOADS"
cl_progress_start $(( ${#widths[@]} * ${#workloads[@]} * CL_PROCS_MAX ))
cl_measure_all

[ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES measurement(s) failed; the rows taken are kept"
printf 'coldload warm: done, results in %s\n' "$CL_OUT" >&2
