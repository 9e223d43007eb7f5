#!/usr/bin/env bash
# tests/bench/bench_auto.sh -- `make bench-auto`: does --width auto pay its
# way? Ratios, each pair measured alternately in one run (A B, then B A in the
# next round, so neither side is always first after the load settles):
#
#   pinned load  one `stress-ng --cpu 1 --taskset C` per usable CPU: auto's
#                median / width 1's, for svdvals, grad and the small TRG
#                (--beta 0.4 --chi 8 --steps 10)                 target <= 1.5
#   free load    one unbound `stress-ng --cpu N`: the same          target <= 1.5
#   idle         auto's median / the best fixed width's (1..N)     target <= 1.10
#   cost         what the decisions take, spread over the calls they serve
#                (one decision per 100 ms), next to the call's median
#
# The figure of a side is the median over rounds of its processes' steady
# medians. stress-ng runs in a process group of its own (harness/lib/all.sh's
# cl_stress_start), stopped by PGID on every exit path (cl_traps), never by
# name. Settings (environment): ROUNDS (5), RUNS steady calls per process
# (40; TRG: TRG_RUNS, 12), BUDGET seconds per process (10), OUT (keep the
# logs and CSVs there; default a temporary directory, removed). Prints the
# figures; exits non-zero only when a run fails, not when a target is missed.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=harness/lib/all.sh
. harness/lib/all.sh

# Enough steady calls that auto's measured choice (autotune.h: each
# candidate width tried 3 times first) is a minority of a process's calls,
# so its median is that of the width it settled on.
rounds=${ROUNDS:-5} runs=${RUNS:-40} trg_runs=${TRG_RUNS:-12} budget=${BUDGET:-10}
for v in "$rounds" "$runs" "$trg_runs"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "bench_auto: ROUNDS, RUNS, TRG_RUNS must be integers >= 1" >&2; exit 2; }
done
[[ $budget =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "bench_auto: BUDGET must be a number of seconds" >&2; exit 2; }

cl_init bench-auto "$@"
cl_need_tools stress-ng setpriv timeout
cl_need_binary "$CL_BUILD/p28_timing"
cl_need_binary "$CL_BUILD/ising_trg"
cl_scratch_out bench-auto
cl_lock
cl_traps
read -ra cpus <<<"$(cl_cpus_usable)"
ncpu=${#cpus[@]}
[ "$ncpu" -ge 1 ] || cl_die "no usable CPU found (affinity list ∩ /sys/devices/system/cpu/online)"
# Bounds every process (cl_exec) and the load itself (stress-ng --timeout).
CL_WATCHDOG_S=$(awk -v b="$budget" 'BEGIN { printf "%d", 4 * b + 120 }')
CL_STRESS[timeout_s]=$(( (3 * (ncpu + 2) * rounds + 2) * CL_WATCHDOG_S ))

median() { sort -g | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

# run_one WORKLOAD WIDTH TAG: one process; appends its steady median (ms), the
# widths it chose and its decision cost to $CL_OUT/<TAG>.<WORKLOAD>.<WIDTH>.
run_one() {
    local w=$1 width=$2 tag=$3 cmd blas=$2 csv step
    [ "$width" = auto ] && blas=$ncpu   # auto's cap: OpenBLAS may need every CPU
    step=$tag-$w-$width
    csv=$(cl_unique "$CL_OUT/$step" .csv).csv
    case $w in
        grad|svdvals) cmd=("$CL_BUILD/p28_timing" --workload "$w" --runs "$runs") ;;
        trg) cmd=("$CL_BUILD/ising_trg" --beta 0.4 --chi 8 --steps 10 --runs "$trg_runs") ;;
    esac
    cl_exec "$step" env OPENBLAS_NUM_THREADS="$blas" "${cmd[@]}" --width "$width" \
        --budget "$budget" --csv "$csv" || cl_die "$step failed with exit status $? (see $CL_LOG.err)"
    local med widths cost
    med=$(awk -F, 'NR > 1 && $8 == "steady" { print $10 }' "$csv" | median)
    widths=$(awk -F, 'NR > 1 && $8 != "prepare" { print $6 }' "$csv" | sort -un | tr '\n' ' ')
    # "[auto: D decisions for C calls, X ms a decision]" per series: the cost
    # per call is the decisions' time spread over the calls (sum D*X / sum C).
    # A fixed width prints no decision: no match is no cost, not a failure.
    cost=$(awk '{ while (match($0, /\[auto: [0-9]+ decisions? for [0-9]+ calls, [0-9.]+ ms a decision\]/)) {
               split(substr($0, RSTART + 1, RLENGTH - 2), f, " "); t += f[2] * f[7]; c += f[5]; n++
               $0 = substr($0, RSTART + RLENGTH) } }
           END { if (n && c) printf "%.4f", t / c }' "$CL_LOG.out")
    printf '%s %s %s\n' "$med" "${widths% }" "${cost:-}" >>"$CL_OUT/$tag.$w.$width"
}

# side TAG WORKLOAD WIDTH: "median widths cost" over the rounds.
side() {
    local f=$CL_OUT/$1.$2.$3
    printf '%s %s %s\n' "$(cut -d' ' -f1 "$f" | median)" \
        "$(cut -d' ' -f2- "$f" | tr ' ' '\n' | awk '/^[0-9]+$/' | sort -un | paste -sd, -)" \
        "$(awk '$NF ~ /\./ { print $NF }' "$f" | median)"
}

# measure TAG WIDTH... : ROUNDS rounds; in each, every workload at every width,
# the widths' order reversed every other round.
measure() {
    local tag=$1 r w i order
    shift
    for ((r = 1; r <= rounds; r++)); do
        order=("$@")
        if ((r % 2 == 0)); then
            order=()
            for ((i = $#; i >= 1; i--)); do order+=("${!i}"); done
        fi
        cl_progress "$tag: round $r of $rounds"
        for w in grad svdvals trg; do
            for i in "${order[@]}"; do run_one "$w" "$i" "$tag"; done
        done
    done
}

# report TAG TARGET WIDTH...: auto against width 1 (loaded) or the best fixed width (idle).
report() {
    local tag=$1 target=$2 w a aw ac b bw width best
    shift 2
    for w in grad svdvals trg; do
        read -r a aw ac <<<"$(side "$tag" "$w" auto)"
        b='' bw=''
        for width in "$@"; do
            read -r best _ <<<"$(side "$tag" "$w" "$width")"
            if [ -z "$b" ] || awk -v x="$best" -v y="$b" 'BEGIN { exit !(x < y) }'; then b=$best bw=$width; fi
        done
        awk -v t="$tag" -v w="$w" -v a="$a" -v aw="$aw" -v ac="$ac" -v b="$b" -v bw="$bw" -v tg="$target" 'BEGIN {
            r = a / b
            printf "%-7s %-8s auto %10.4f ms (chose %s)  width %s %10.4f ms  ratio %.3f (target <= %s) %s;  decisions %.4f ms per call = %.4fx the call\n",
                t, w, a, aw, bw, b, r, tg, (r <= tg ? "ok" : "OVER"), ac, (a > 0 ? ac / a : 0) }'
        # The noise a ratio sits in: the rounds' spread of each side.
        printf '        %-8s rounds: auto %s;  width %s %s\n' "$w" \
            "$(cut -d' ' -f1 "$CL_OUT/$tag.$w.auto" | paste -sd' ' -)" "$bw" \
            "$(cut -d' ' -f1 "$CL_OUT/$tag.$w.$bw" | paste -sd' ' -)"
    done
}

echo "# bench-auto: $rounds alternating rounds, $runs steady calls per process (TRG $trg_runs), budget ${budget}s; $ncpu usable CPUs (${cpus[*]}); load at start: $(cut -d' ' -f1-4 /proc/loadavg)"
widths=()
for ((i = 1; i <= ncpu; i++)); do widths+=("$i"); done
cl_progress_start $((3 * rounds))

cl_stress_start pinned "$ncpu"
measure pinned 1 auto
cl_stress_stop
report pinned 1.5 1

cl_stress_start free "$ncpu"
measure free 1 auto
cl_stress_stop
report free 1.5 1

measure idle "${widths[@]}" auto
report idle 1.10 "${widths[@]}"
