#!/usr/bin/env bash
# tests/bench/bench_run.sh -- `make bench-run` (part of `make bench`): what
# coldload-run's CPU sampler costs the program it watches. The goal: at most
# 2 % of the wall time of a ~50 ms program (tests/harness/progs/omp_work.c at
# width 2, its default here), idle and under pinned load; the interval
# threads.sh uses (--sample-ms, default 5) is chosen from these figures.
#
# Per load (idle, pinned: one `stress-ng --cpu 1 --taskset C` per usable CPU)
# and per interval (0 = sampler off, then 1, 2, 5, 10 ms), ROUNDS rounds of
# one run each, the intervals in a new shuffled order every round, so drift
# of the machine falls on every interval alike. The figure of an interval is
# the median wall time over its runs, set against the median with the
# sampler off (a difference of two noisy medians: under load it swings by
# +-20 % with 15 rounds), and the sampler's own wall time per run (runs.csv
# sampler_ms) as a share of the run's: the bound on what it can take from
# the program, which is the figure the interval is chosen by. stress-ng is the
# harness's (cl_stress_start: one process group, stopped by PGID on every
# exit path). Settings: ROUNDS (30), REPS (omp_work's argument, 60: ~50 ms at width 2
# idle here), OUT.
# Exits non-zero only when a run fails, not when the goal is missed.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=harness/lib.sh
. harness/lib.sh

rounds=${ROUNDS:-30} reps=${REPS:-60}
for v in "$rounds" "$reps"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "bench_run: ROUNDS and REPS must be integers >= 1" >&2; exit 2; }
done
cl_init bench-run "$@"
cl_need_tools stress-ng setpriv timeout gcc
cl_need_binary "$CL_BUILD/coldload-run"
cl_scratch_out bench-run
cl_lock
cl_traps
prog=$CL_OUT/omp_work
gcc -O2 -fopenmp tests/harness/progs/omp_work.c -o "$prog"
read -ra cpus <<<"$(cl_cpus_usable)"
CL_WATCHDOG_S=60
CL_STRESS_TIMEOUT_S=$(( rounds * 5 * 10 + 120 ))
intervals=(0 1 2 5 10)
RANDOM=${SEED:-20261203}

median() { sort -g | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

bench_load() {
    local load=$1 r i j t ms
    for ((r = 1; r <= rounds; r++)); do
        local order=("${intervals[@]}")
        for ((i = ${#order[@]} - 1; i > 0; i--)); do
            j=$((RANDOM % (i + 1))); t=${order[i]} order[i]=${order[j]} order[j]=$t
        done
        for ms in "${order[@]}"; do
            cl_exec "$load-s$ms-r$r" "$CL_BUILD/coldload-run" --sample-ms "$ms" \
                --runs-csv "$CL_OUT/$load-s$ms.csv" -- "$prog" "$reps" ||
                cl_die "$load, --sample-ms $ms: coldload-run failed (exit $CL_RC, see $CL_LOG.err)"
        done
    done
    local base
    base=$(awk -F, 'NR > 1 { print $11 }' "$CL_OUT/$load-s0.csv" | median)
    for ms in "${intervals[@]}"; do
        awk -F, -v ms="$ms" -v base="$base" -v load="$load" -v n="$rounds" '
            NR > 1 { w[++k] = $11; s += $29; p += $28 }
            END {
                # the median of the walls (k runs)
                for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
                med = k % 2 ? w[(k + 1) / 2] : (w[k / 2] + w[k / 2 + 1]) / 2
                # the sampler own time as a share of the run: the cost it
                # can at most take from the program (on a CPU the program
                # wanted), beside the measured difference of medians (noisy)
                printf "%-7s sample-ms %-3s median wall %8.3f ms over %d runs  vs off %+6.2f %%  sampler %.3f ms/run = %.2f %% of the wall, %.1f passes/run\n",
                    load, ms, med, k, 100 * (med / base - 1), s / k, 100 * s / k / med, p / k }' "$CL_OUT/$load-s$ms.csv"
    done
}

printf 'bench-run: coldload-run sampler cost on omp_work %s (OpenMP, default width), %d rounds\n' "$reps" "$rounds"
bench_load idle
cl_stress_start pinned "${#cpus[@]}"
bench_load pinned
cl_stress_stop
