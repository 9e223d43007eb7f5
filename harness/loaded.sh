#!/usr/bin/env bash
# harness/loaded.sh -- saturated runs: the warm.sh measurements with
# `stress-ng --cpu S` taking the cores (condition=loaded, stressors=S).
#
# stress-ng runs in its own process group (PGID in <out>/stress-ng.pgid) and is
# killed on every way out of this script: normal end, an error, SIGINT,
# SIGTERM, SIGHUP. Every measurement is time-boxed (--budget), because under
# load one 2-thread 256x256 SVD can take 1.5 s instead of 6 ms.
set -euo pipefail
# shellcheck source=harness/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
    cat <<'USAGE'
usage: harness/loaded.sh [--out DIR] [--quick] [--widths LIST] [--stressors LIST] [--budget SECONDS] [--runs N]
  --out DIR         results directory (default results/<UTC stamp>-<host>; appended to when it exists)
  --quick           QUICK mode: 5 runs, budget 10 s, TRG with one beta, chi 8, 10 steps
  --widths LIST     engine widths, e.g. "1 2" or 1,2 (default "1 N", N = min(8, nproc))
  --stressors LIST  stress-ng --cpu S for each S in LIST (default nproc)
  --budget SECONDS  time budget per measurement, passed to the binaries (default 60)
  --runs N          steady runs per measurement (default 20; TRG 3)
  --strict          accepted for uniformity with warm.sh (a loaded machine is the point here)
Environment: COLDLOAD_OUT COLDLOAD_QUICK COLDLOAD_WIDTHS COLDLOAD_STRESSORS COLDLOAD_BUDGET COLDLOAD_RUNS
USAGE
}

cl_init loaded "$@"
cl_defaults
cl_parse_common "$@"
cl_need_tools stress-ng time timeout perl
cl_need_binary "$CL_BUILD/p28_timing"

cl_results_init
cl_traps
cl_meta_begin
cl_meta loaded_widths "$CL_WIDTHS"
cl_meta loaded_stressors "$CL_STRESSORS"
cl_check_widths
cl_workloads
cl_meta loaded_workloads "$CL_WORKLOADS"

read -ra widths <<<"$CL_WIDTHS"
read -ra workloads <<<"$CL_WORKLOADS"
read -ra stressors <<<"$CL_STRESSORS"
per_s=$(( ${#widths[@]} * ${#workloads[@]} ))
# stress-ng's own --timeout backs up the traps and its parent-death signal:
# the time the measurements of one S need plus a margin. Each measurement
# stops taking runs once its --budget is spent but must finish the call under
# way (one loaded 2-thread TRG call: 55-156 s here), so per measurement 2 x
# budget + 60 s; plus 30 s. QUICK (budget 10 s, 6 measurements): 510 s; the
# default (60 s): 1110 s. Its watchdog (CL_WATCHDOG_S) would allow more; a
# load that ends before the measurements do is warned about (cl_stress_stop).
CL_STRESS_TIMEOUT_S=$(awk -v n="$per_s" -v b="$CL_BUDGET" 'BEGIN { printf "%d", n * (2 * b + 60) + 30 }')
cl_progress_start $(( per_s * ${#stressors[@]} ))

CL_TAG_CONDITION=loaded CL_TAG_COPY=warm
for s in "${stressors[@]}"; do
    CL_TAG_STRESSORS=$s
    printf 'coldload loaded: starting stress-ng --cpu %s\n' "$s" >&2
    cl_stress_start "$s"
    cl_meta_probe "loaded_s${s}_established"
    cl_meta "loaded_s${s}_stress_pgid" "$CL_STRESS_PGID"
    cl_measure_all
    cl_meta_probe "loaded_s${s}_before_stop"
    cl_stress_stop
done

[ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES measurement(s) failed; the rows taken are kept"
printf 'coldload loaded: done, results in %s\n' "$CL_OUT" >&2
