#!/usr/bin/env bash
# harness/scan.sh -- `make scan`: the map of when threads hurt, in two scans.
#
#   wait  the engine's wait policy (spin, yield, block) x widths 1, 2, 4, ...,
#         N, N+1 x idle / pinned / free load (N stress-ng workers), svdvals and grad
#   load  pinned load workers 0, 1, N/2, N-1, N x widths 1, 2, 4, ..., N, 2N
#         and `auto`, block policy
# (lib/scan.sh's scan_widths and scan_levels: log^2 N cells, not N^2).
#
# N is the number of usable CPUs (affinity list ∩ online). Every cell is one
# process per round, K rounds (--procs, >= 3), each round in a shuffled
# order; rows go to <out>/samples.csv with harness=scan-wait or scan-load and
# the usual tags (condition, stressors, load, proc; width, wait and
# width_requested are the row's own columns). <out>/scan-cells.csv has one
# line per process: what it was, its time cap, its wall time, its exit status
# and whether it was cut (budget: the binary stopped taking runs; watchdog:
# its cap ran out inside a call; skipped: no time was left). Then
# coldload-scan turns both into <out>/scan/ (heatmap and wait-policy data, the
# verdict) and gnuplot draws plots/scan_heatmap.gp and plots/scan_wait.gp.
#
# Time. The scan has a deadline (--total, QUICK 240 s, else 1800 s), and each
# process may use an equal share of the time left: cap = (deadline - now) /
# (processes left), at most --budget (QUICK 10 s, else 60 s). A process
# that ends early leaves its unused time to the ones after it, so the idle
# phases run first and the loaded ones inherit what they saved. The binary's
# own --budget is half the cap, so a normal cell ends by its budget (its last
# row says truncated=1) and only a single call longer than that (a width-2
# svdvals under pinned load: ~2 s) meets the watchdog.
#
# Worst case of `make scan QUICK=1` on 2 CPUs: the processes end by the
# deadline, 240 s after the start, stress-ng included (its start and stop
# come out of the same remaining time): 2 x 3 x 3 x 3 x 3 = 162 wait-scan
# and 2 x 3 x 4 x 3 = 72 load-scan processes (widths 1 2 4 auto) share it (~1 s each, far
# more for the loaded ones since an idle one needs ~0.1 s). After the
# deadline come at most one stress-ng stop (cl_group_stop: 5 s grace + 2 s),
# a process's kill grace (the launcher's --grace; p28_timing dies on TERM at
# once, so ~0 s) and the analysis and charts (~2 s): 240 + 7 + 2 = 249 s,
# under the 5 minutes with 50 s to spare for make and the start-up.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/scan.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/scan.sh"

usage() {
    cl_usage '' <<'USAGE'
USAGE
}

cl_init scan "$@"
cl_defaults
cl_parse_opts "$@"
dry=${CL_OPT[DRY]:-0}
cl_opt_final --scan
scan_which=${CL_OPT[SCAN]}
# K processes per cell is the point of a cell: fewer than 3 cannot show a
# bimodal one (the table's 3..100; this message says why).
if [[ ${CL_OPT[PROCS]} =~ ^[0-9]+$ ]] && [ "$((10#${CL_OPT[PROCS]}))" -lt 3 ]; then
    cl_usage_error "--procs: a scan cell needs at least 3 processes, got $((10#${CL_OPT[PROCS]}))"
fi
# The scan's K is fixed (3 by default): it does not stop early.
cl_opt_default def --procs
CL_OPT[PROCS]=${CL_OPT[PROCS]:-$def}
cl_finalize_opts
cl_opt_final --total
SCAN_TOTAL=${CL_OPT[SCAN_TOTAL]}
cl_opt_default def --budget
SCAN_CAP_MAX=${CL_OPT[BUDGET]:-$def}
# A scan's directory is not a report's: its own parent, so results/latest
# (what `make plots` renders) keeps naming the last report; results/scans/latest
# names the last scan.
default_out=0
if [ -z "${CL_OPT[OUT]}" ]; then
    CL_OPT[OUT]=$CL_RESULTS/scans/$(date -u +%Y%m%dT%H%M%SZ)-$(hostname)
    default_out=1
fi
# meta's scan_budget_s: the most a process may take (the binaries' --budget is half its share)
CL_BUDGET=$SCAN_CAP_MAX

if [ "$CL_NPROC_FAKE" = 1 ]; then   # --dry-run's COLDLOAD_NPROC: CPUs 0..N-1
    read -ra usable <<<"$(seq -s' ' 0 $((CL_NPROC - 1)))"
else
    read -ra usable <<<"$(cl_cpus_usable)"
fi
ncpu=${#usable[@]}
[ "$ncpu" -ge 1 ] || cl_die "no usable CPU found (affinity list ∩ /sys/devices/system/cpu/online)"
scan_plan "$scan_which" "$ncpu"
if [ "$dry" = 1 ]; then
    scan_print_plan
    exit 0
fi

cl_need_tools stress-ng
cl_need_binary "$CL_BUILD/p28_timing"
cl_need_binary "$CL_BUILD/coldload-scan"
cl_need_binary "$CL_BUILD/coldload-run"
[ "$default_out" = 0 ] || cl_latest_check "$CL_RESULTS/scans/latest"   # before anything is made
cl_results_init
[ "$default_out" = 0 ] || cl_latest_link "$CL_RESULTS/scans/latest"
cl_traps
cl_meta_begin
cl_meta scan_which "$scan_which"
cl_meta scan_cpus "$ncpu"
cl_meta scan_cpus_usable "${usable[*]}"
cl_meta scan_total_s "$SCAN_TOTAL"
cl_meta scan_cap_max_s "$SCAN_CAP_MAX"
cl_meta scan_procs "$CL_PROCS"
cl_meta scan_shuffle_seed "$CL_SEED"
cl_meta scan_processes "$SCAN_N"
RANDOM=$CL_SEED
scan_cells_init "$CL_OUT/scan-cells.csv"
SCAN_DEADLINE_MS=$(awk -v t0="$CL_STARTED_MS" -v s="$SCAN_TOTAL" 'BEGIN { printf "%.0f", t0 + s * 1000 }')
# stress-ng's own --timeout backs up the traps: never past the deadline by much.
CL_STRESS[timeout_s]=$(awk -v s="$SCAN_TOTAL" 'BEGIN { printf "%d", s + 60 }')
cl_progress_start "$SCAN_N"

for phase in "${SCAN_PHASES[@]}"; do scan_phase "$phase"; done

cl_meta scan_cut "$(scan_count_cut)"
# A deadline too short for any process (--total 1) leaves no samples.csv:
# say that, not coldload-scan's "samples.csv: No such file or directory".
if ! [ -s "$CL_SAMPLES" ] || [ "$(wc -l <"$CL_SAMPLES")" -lt 2 ]; then
    cl_die "no process ran before the ${SCAN_TOTAL} s deadline (--total): every cell was skipped (scan-cells.csv), nothing to report; give a larger --total"
fi
"$CL_BUILD/coldload-scan" --cpus "$ncpu" "$CL_OUT" ||
    cl_die "coldload-scan failed on $CL_OUT (exit $?)"
scan_plots "$CL_OUT/scan"
[ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES process(es) failed; the rows taken are kept"
printf 'coldload scan: done in %ss, results in %s (verdict: %s/scan/verdict.txt)\n' \
    "$(( ($(cl_now_ms) - CL_STARTED_MS) / 1000 ))" "$CL_OUT" "$CL_OUT" >&2
