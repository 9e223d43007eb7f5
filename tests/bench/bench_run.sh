#!/usr/bin/env bash
# tests/bench/bench_run.sh -- `make bench-run` (part of `make bench`): what
# coldload-run's CPU sampler and the run's own cgroup cost the program they
# watch. The goal: at most 1 % of the wall time of a ~50 ms program
# (tests/harness/progs/omp_work.c at width 2, its default here) at the
# default interval, idle and under pinned load; the interval threads.sh uses
# (--sample-ms, default 10) is chosen from these figures.
#
# Per load (idle, pinned: one `stress-ng --cpu 1 --taskset C` per usable CPU)
# and per variant -- bare (no sampler, no cgroup: the base), cgroup alone,
# then the sampler every 2, 5 and 10 ms in its cgroup, and every 10 ms
# without one (the schedstat path of a user without a cgroup) -- ROUNDS
# rounds of one run each, the variants in a new shuffled order every round,
# so drift of the machine falls on every variant alike. The figure of a
# variant is the median wall time over its runs, set against the bare
# median (a difference of two noisy medians: under load it swings by
# +-20 % with 15 rounds), and the sampler's own wall time per run (runs.csv
# sampler_ms) as a share of the run's: the bound on what it can take from
# the program, which is the figure the interval is chosen by. stress-ng is the
# harness's (cl_stress_start: one process group, stopped by PGID on every
# exit path). Settings: ROUNDS (30), REPS (omp_work's argument, 60: ~50 ms at width 2
# idle here), OUT.
# Exits non-zero only when a run fails, not when the goal is missed.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=harness/lib/all.sh
. harness/lib/all.sh

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
CL_STRESS[timeout_s]=$(( rounds * 5 * 10 + 120 ))
# variant name, then its coldload-run flags
variants=(bare cgroup s2 s5 s10 s10-nocg)
declare -A vflags=([bare]="--sample-ms 0 --no-cgroup" [cgroup]="--sample-ms 0" [s2]="--sample-ms 2"
    [s5]="--sample-ms 5" [s10]="--sample-ms 10" [s10-nocg]="--sample-ms 10 --no-cgroup")
RANDOM=${SEED:-20261203}

median() { sort -g | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

bench_load() {
    local load=$1 r i j t ms
    for ((r = 1; r <= rounds; r++)); do
        local order=("${variants[@]}") flags
        for ((i = ${#order[@]} - 1; i > 0; i--)); do
            j=$((RANDOM % (i + 1))); t=${order[i]} order[i]=${order[j]} order[j]=$t
        done
        for ms in "${order[@]}"; do
            read -ra flags <<<"${vflags[$ms]}"
            cl_exec "$load-$ms-r$r" "$CL_BUILD/coldload-run" "${flags[@]}" \
                --runs-csv "$CL_OUT/$load-$ms.csv" -- "$prog" "$reps" ||
                cl_die "$load, $ms (${vflags[$ms]}): coldload-run failed (exit $?, see $CL_LOG.err)"
        done
    done
    local base
    base=$(awk -F, 'NR > 1 { print $11 }' "$CL_OUT/$load-bare.csv" | median)
    for ms in "${variants[@]}"; do
        awk -F, -v ms="$ms" -v base="$base" -v load="$load" -v n="$rounds" '
            NR > 1 { w[++k] = $11; s += $29; p += $28 }
            END {
                # the median of the walls (k runs)
                for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
                med = k % 2 ? w[(k + 1) / 2] : (w[k / 2] + w[k / 2 + 1]) / 2
                # the sampler own time as a share of the run: the cost it
                # can at most take from the program (on a CPU the program
                # wanted), beside the measured difference of medians (noisy)
                printf "%-7s %-9s median wall %8.3f ms over %d runs  vs bare %+6.2f %%  sampler %.3f ms/run = %.2f %% of the wall, %.1f passes/run\n",
                    load, ms, med, k, 100 * (med / base - 1), s / k, 100 * s / k / med, p / k }' "$CL_OUT/$load-$ms.csv"
    done
}

printf 'bench-run: coldload-run sampler and cgroup cost on omp_work %s (OpenMP, default width), %d rounds\n' "$reps" "$rounds"
bench_load idle
cl_stress_start pinned "${#cpus[@]}"
bench_load pinned
cl_stress_stop
