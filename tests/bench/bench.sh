#!/usr/bin/env bash
# tests/bench/bench.sh -- core benchmarks (`make bench`). Ratios, not absolute
# times: each pair is measured alternately (A B A B ...) in one run so both
# sides see the same machine state; the figure is the median over rounds.
#   svdvals: p28_timing's steady median / a plain LAPACKE_dgesdd loop (target <= 1.03)
#   grad:    the grad program's steady median at width 1 / a hand-fused loop (target <= 2.0)
#   placement: the grad steady median with the per-call placement snapshots /
#            without them (COLDLOAD_NO_PLACEMENT=1), target <= 1.05, and their
#            cost per call (whole-process wall time difference / calls)
#   clock:   the cost of one clock reading
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-11}
# One OpenBLAS thread on both sides, as the harness runs width 1: otherwise
# the pthread build starts nproc threads at load and the idle ones spin.
export OPENBLAS_NUM_THREADS=1

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# The median figure of a p28_timing line: "... median X max Y ms".
p28median() { awk '/^width/ { for (i = 1; i < NF; i++) if ($i == "median") print $(i+1) }'; }

ratio_of() { # label target cmdA... -- cmdB...
  local label=$1 target=$2; shift 2
  local a=() b=() ra=() rb=() r
  while [ "$1" != "--" ]; do a+=("$1"); shift; done; shift; b=("$@")
  for ((r = 0; r < rounds; r++)); do
    ra+=("$("${a[@]}" | p28median)")
    rb+=("$("${b[@]}" | awk '/^median_ms/ {print $2}')")
  done
  local ma mb
  ma=$(printf '%s\n' "${ra[@]}" | median)
  mb=$(printf '%s\n' "${rb[@]}" | median)
  awk -v l="$label" -v a="$ma" -v b="$mb" -v t="$target" 'BEGIN {
    r = a / b; printf "%-8s coldload %.4f ms  direct %.4f ms  ratio %.3f  (target <= %s) %s\n",
      l, a, b, r, t, (r <= t ? "ok" : "OVER") }'
}

echo "# core benchmarks, $rounds alternating rounds; load: $(cut -d' ' -f1-3 /proc/loadavg)"
ratio_of svdvals 1.03 build/p28_timing --workload svdvals --size 256 --runs 20 \
  -- build/bench_direct svdvals 256 20
ratio_of grad 2.0 build/p28_timing --workload grad --n 1000 --runs 2000 \
  -- build/bench_direct grad 1000 2000

# placement WIDTH: both sides are p28_timing, alternately; the wall time of
# each whole process gives the snapshots' cost per call (they are outside
# the timed region, so the median can only move through the cache).
placement() {
  local width=$1 calls=2001 r t0 t1 on=() off=() won=() woff=()
  for ((r = 0; r < rounds; r++)); do
    t0=$(date +%s%N)
    on+=("$(OPENBLAS_NUM_THREADS=$width build/p28_timing --workload grad --width "$width" --runs 2000 | p28median)")
    t1=$(date +%s%N); won+=("$(( (t1 - t0) / 1000 ))")
    t0=$(date +%s%N)
    off+=("$(COLDLOAD_NO_PLACEMENT=1 OPENBLAS_NUM_THREADS=$width build/p28_timing --workload grad --width "$width" --runs 2000 | p28median)")
    t1=$(date +%s%N); woff+=("$(( (t1 - t0) / 1000 ))")
  done
  local ma mb wa wb
  ma=$(printf '%s\n' "${on[@]}" | median); mb=$(printf '%s\n' "${off[@]}" | median)
  wa=$(printf '%s\n' "${won[@]}" | median); wb=$(printf '%s\n' "${woff[@]}" | median)
  awk -v w="$width" -v a="$ma" -v b="$mb" -v wa="$wa" -v wb="$wb" -v n="$calls" 'BEGIN {
    r = a / b; printf "placement width %d: grad steady median %.4f ms with, %.4f ms without, ratio %.3f  (target <= 1.05) %s; cost %.1f us per call (process %.0f vs %.0f ms)\n",
      w, a, b, r, (r <= 1.05 ? "ok" : "OVER"), (wa - wb) / n, wa / 1000, wb / 1000 }'
}
placement 1
placement 2
build/p28_timing --workload grad --runs 1 | awk '/^# clock/ {print "clock   ", $0}'
