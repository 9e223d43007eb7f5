#!/usr/bin/env bash
# tests/bench/bench_trg.sh [ISING_TRG_ARGS...] -- the TRG workload's costs at
# width 1, on one machine state (run by `make bench`):
#   AD overhead   value_and_grad time / --value-only time   (target <= 2.0)
#   SVD floor     value_and_grad time / time inside dgesdd  (target <= 1.5)
#   peak RSS      of the default run, from GNU time -v      (target <= 64 MiB)
# Per beta the figures are the min of the steady runs (ising_trg's own line);
# "all" sums them over the betas. Extra arguments go to both runs (e.g.
# --beta 0.3 --runs 1 for a quick look). Prints the figures; exits non-zero
# only when a run fails, not when a target is missed.
set -euo pipefail

bin=${ISING_TRG:-build/ising_trg}
gnutime=/usr/bin/time
[ -x "$bin" ] || { echo "bench_trg: $bin not built (run make)" >&2; exit 1; }
[ -x "$gnutime" ] || { echo "bench_trg: $gnutime missing (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# value_and_grad with the dgesdd time on each line, under GNU time for the RSS.
"$gnutime" -v -o "$tmp/time" "$bin" --width 1 --svd-time "$@" >"$tmp/grad"
"$bin" --width 1 --value-only "$@" >"$tmp/value"

rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/time")
grep '^#' "$tmp/grad"

# One row per beta: beta, value_and_grad ms, dgesdd ms (from the grad run),
# then value ms (from the value-only run, same beta order).
paste -d' ' \
  <(sed -nE 's/^beta=([0-9.]+) .*\| value_and_grad ([0-9.]+) ms \| dgesdd ([0-9.]+) ms.*/\1 \2 \3/p' "$tmp/grad") \
  <(sed -nE 's/^beta=([0-9.]+) .*\| value ([0-9.]+) ms.*/\2/p' "$tmp/value") >"$tmp/rows"
[ -s "$tmp/rows" ] || { echo "bench_trg: no result lines" >&2; exit 1; }

awk -v rss_kb="$rss_kb" '
  function verdict(x, target) { return x <= target ? "ok" : "OVER TARGET" }
  BEGIN {
    print "trg at width 1 (min of the steady runs per beta, ms):"
    printf "  %-6s %15s %10s %12s %10s %14s\n", "beta", "value_and_grad", "value", "AD overhead",
           "dgesdd", "grad/dgesdd"
  }
  NF == 4 {
    printf "  %-6s %15.1f %10.1f %11.2fx %10.1f %13.2fx\n", $1, $2, $4, $2 / $4, $3, $2 / $3
    g += $2; s += $3; v += $4
  }
  END {
    printf "  %-6s %15.1f %10.1f %11.2fx %10.1f %13.2fx\n", "all", g, v, g / v, s, g / s
    printf "AD overhead %.2fx (target <= 2.0: %s); value_and_grad / dgesdd %.2fx, dgesdd %.0f%% of the time (target <= 1.5x: %s)\n",
           g / v, verdict(g / v, 2.0), g / s, 100 * s / g, verdict(g / s, 1.5)
    printf "peak RSS of the value_and_grad run: %.1f MiB (target <= 64: %s)\n",
           rss_kb / 1024, verdict(rss_kb / 1024, 64)
  }' "$tmp/rows"
