#!/usr/bin/env bash
# harness/loaded.sh -- saturated runs: the warm.sh measurements with
# `stress-ng --cpu S` taking the cores (condition=loaded, stressors=S).
#
# stress-ng runs in its own process group (PGID in <out>/stress-ng.pgid) and is
# killed on every way out of this script: normal end, an error, SIGINT,
# SIGTERM, SIGHUP. Every measurement is time-boxed (--budget), because under
# load one 2-thread 256x256 SVD can take 1.5 s instead of 6 ms.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"

usage() {
    cl_usage '' <<'USAGE'
Loaded runs take the TRG at one beta, chi 8, 10 steps (~400x slower than idle at width 2).
USAGE
}

cl_init loaded "$@"
cl_defaults
cl_parse_common "$@"
if [ "${CL_OPT[DRY]:-0}" = 1 ]; then
    cl_workloads loaded
    # one worker per usable CPU (COLDLOAD_NPROC's CPUs in a dry run)
    if [ -z "${CL_OPT[STRESSORS]}" ]; then
        if [ "$CL_NPROC_FAKE" = 1 ]; then CL_STRESSORS=$CL_NPROC
        else read -ra usable <<<"$(cl_cpus_usable)"; CL_STRESSORS=${#usable[@]}; fi
    fi
    CL_TAG_CONDITION=loaded
    phases=()
    for load in $CL_LOADS; do for s in $CL_STRESSORS; do phases+=("$load:$s"); done; done
    cl_plan_print "${phases[@]}"
    exit 0
fi
cl_need_tools stress-ng
cl_need_binary "$CL_BUILD/p28_timing"
cl_need_binary "$CL_BUILD/coldload-run"

cl_results_init
cl_traps
cl_meta_begin
cl_workloads loaded
read -ra usable <<<"$(cl_cpus_usable)"
[ -n "${CL_OPT[STRESSORS]}" ] || CL_STRESSORS=${#usable[@]}
cl_meta loaded_widths "$CL_WIDTHS"
cl_meta loaded_stressors "$CL_STRESSORS"
cl_meta loaded_load "$CL_LOADS"
# K when --procs fixed it, else the stopping rule's MIN-MAX
if [ "$CL_PROCS_MIN" = "$CL_PROCS_MAX" ]; then cl_meta loaded_procs "$CL_PROCS_MIN"; else cl_meta loaded_procs "$CL_PROCS_MIN-$CL_PROCS_MAX"; fi
cl_meta loaded_shuffle_seed "$CL_SEED"
cl_meta loaded_cpus_usable "${usable[*]}"
# A workload with a smaller loaded size (the TRG) names the size it ran at.
for w in "${CL_WL_NAMES[@]}"; do
    if [ "${CL_WL_LOADED_ARGS[$w]}" != "${CL_WL_ARGS[$w]}" ]; then
        cl_cell "${w}load"
        cl_meta "loaded_${w}_params" "$CL_CELL_PARAMS"
    fi
done
cl_check_widths
cl_meta loaded_workloads "$CL_WORKLOADS"
RANDOM=$CL_SEED

read -ra widths <<<"$CL_WIDTHS"
read -ra workloads <<<"$CL_WORKLOADS"
read -ra stressors <<<"$CL_STRESSORS"
read -ra loads <<<"$CL_LOADS"
per_s=$(( ${#widths[@]} * ${#workloads[@]} * CL_PROCS_MAX ))   # the most the stopping rule may take
# stress-ng's own --timeout backs up the traps and its parent-death signal:
# the time the measurements of one start need plus a margin. Each process
# stops taking runs once its --budget is spent but must finish the call under
# way (one loaded 2-thread TRG call at the loaded size: ~4 s here; at chi 16,
# 20 steps it was 55-156 s), so per process 2 x budget + 60 s; plus 30 s.
# Its watchdog (CL_WATCHDOG_S) would allow more; a load that ends before the
# measurements do is warned about (cl_stress_stop).
CL_STRESS[timeout_s]=$(awk -v n="$per_s" -v b="$CL_BUDGET" 'BEGIN { printf "%d", n * (2 * b + 60) + 30 }')
cl_progress_start $(( per_s * ${#stressors[@]} * ${#loads[@]} ))

CL_TAG_CONDITION=loaded CL_TAG_COPY=inplace
for load in "${loads[@]}"; do
    for s in "${stressors[@]}"; do
        CL_TAG_STRESSORS=$s CL_TAG_LOAD=$load
        printf 'coldload loaded: starting %s load, %s stress-ng CPU workers\n' "$load" "$s" >&2
        cl_stress_start "$load" "$s"
        key=loaded_${load}_s$s
        cl_meta_probe "${key}_established"
        cl_meta "${key}_stress_pgid" "${CL_STRESS[pgid]}"
        [ "$load" = pinned ] && cl_meta "${key}_workers" "${CL_STRESS[workers]}"
        cl_measure_all
        cl_meta_probe "${key}_before_stop"
        cl_stress_stop
    done
done

[ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES measurement(s) failed; the rows taken are kept"
printf 'coldload loaded: done, results in %s\n' "$CL_OUT" >&2
