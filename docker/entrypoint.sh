#!/usr/bin/env bash
# docker/entrypoint.sh -- the coldload container's command: the full report,
# written into /out (the directory the caller mounts), options passed through
# to harness/report.sh; or, as `cold --binary PROG ...`, the cold starts of a
# mounted program and their report (harness/coldreport.sh).
#
# Why a wrapper and not report.sh itself: it supplies `--out /out`, says in
# one line what is wrong when /out cannot be written (the usual mistake: no
# `--user "$(id -u):$(id -g)"`, so the container's user cannot write the
# caller's directory), warns when /out is not mounted (the report would vanish
# with the container), and gives `docker run ... coldload CMD` a shell escape
# for looking around (`coldload build/p28_timing --help`).
set -euo pipefail

ROOT=${COLDLOAD_ROOT:-/opt/coldload}
OUT=/out
REPORT=$ROOT/harness/report.sh

ep_usage() {
  cat <<'EOF'
usage: docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/out:/out" coldload [OPTIONS]
       docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/out:/out" -v "$PWD/prog:/mnt/prog:ro" \
           coldload cold [--quick] --binary /mnt/prog [-- ARGS...]
       docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/out:/out" -v "$PWD/prog:/mnt/prog:ro" \
           coldload threads [--quick] --binary /mnt/prog [-- ARGS...]
       docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/out:/out" -v "$PWD/a:/mnt/a:ro" \
           -v "$PWD/b:/mnt/b:ro" coldload ab [--quick] --a "/mnt/a ARGS" --b "/mnt/b ARGS"
       docker run --rm coldload COMMAND [ARGS...]

Runs the full coldload report (harness/report.sh) into /out: report.html,
report.md, summary.csv, verdicts.txt, plots/*.png and the raw results.
OPTIONS are report.sh's (below); the common ones:
  --quick               a short run (minutes), for a first look or CI
  --no-scan, --scan     leave out (or, with --quick, put in) the scan: the map of
                        when threads hurt, at most ~4.5 min of a full report
  --widths "1 2"        engine widths to measure
  --stressors S         stress-ng CPU workers for the loaded runs
  --budget SECONDS      time budget per series
  --out DIR             another directory than /out
Mount a directory on /out and pass --user "$(id -u):$(id -g)" so the files
belong to you. Limit the CPUs with --cpus N: the metadata records the limit.
`cold --binary PROG [-- ARGS]` investigates the cold starts of any program
mounted into the container (harness/coldreport.sh: cold.sh, then its own
report); its shared libraries must exist in the image (a static binary, or a
program of Debian bookworm's). `threads --binary PROG [-- ARGS]` asks whether
threads hurt that program under full load (harness/threads.sh: each width in
OMP_NUM_THREADS and the other runtimes' variables, and for {width} in ARGS,
idle and under pinned and free load) and writes its report. `ab --a "CMD" --b "CMD"`
asks whether B is faster than A (harness/ab.sh: the two interleaved with an A/A
arm, docs/ab.md). A first argument that is not an option runs
as a command, from /opt/coldload (e.g. build/p28_timing --workload svdvals).
EOF
}

ep_die() { echo "coldload: $*" >&2; exit 2; }

# `cold [COLD_OPTIONS] --binary PROG [-- ARGS]`: the cold starts of anyone's
# program (mounted into the container) and their report, into /out;
# `threads [OPTIONS] --binary PROG [-- ARGS]`: whether threads hurt it under
# full load (harness/threads.sh), and its report; `ab --a CMD --b CMD`: is B
# faster than A (harness/ab.sh).
if [ "${1:-}" = cold ] || [ "${1:-}" = threads ] || [ "${1:-}" = ab ]; then
  case $1 in
    cold) REPORT=$ROOT/harness/coldreport.sh ;;
    ab) REPORT=$ROOT/harness/ab.sh ;;
    *) REPORT=$ROOT/harness/threads.sh ;;
  esac
  shift
  [ -f "$REPORT" ] || ep_die "harness/$(basename "$REPORT") is missing from this image (built before it existed?)"
  for a in "$@"; do
    [ "$a" = -- ] && break
    case "$a" in
      /*) if [ "${prev:-}" = --binary ] && [ ! -e "$a" ]; then
            ep_die "--binary $a: no such file in the container: mount it (-v \"\$PWD/prog:$a:ro\")"
          fi ;;
    esac
    prev=$a
  done
  prev=
# A command instead of report options: run it (debugging, single binaries).
elif [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  cd "$ROOT"
  exec "$@"
fi

# Where the report goes: /out unless the caller gave --out. (After `--`
# come the investigated program's own arguments: not ours.)
given_out=0 prev=
for a in "$@"; do
  [ "$a" = -- ] && break
  case "$prev" in --out) OUT=$a given_out=1 ;; esac
  case "$a" in
    -h|--help)
      ep_usage
      if [ -f "$REPORT" ]; then
        printf '\nharness/%s --help:\n' "$(basename "$REPORT")"
        exec bash "$REPORT" --help
      fi
      exit 0 ;;
    --out=*) OUT=${a#--out=} given_out=1 ;;
  esac
  prev=$a
done

if [ "$OUT" = /out ] && ! mountpoint -q /out; then
  echo "coldload: note: /out is not a mounted directory; the report stays inside the container (mount one: -v \"\$PWD/out:/out\")" >&2
fi
if [ -e "$OUT" ] && ! { [ -d "$OUT" ] && [ -w "$OUT" ] && [ -x "$OUT" ]; }; then
  ep_die "$OUT is not a directory writable by uid $(id -u): run with --user \"\$(id -u):\$(id -g)\" and mount an existing directory (mkdir -p out; -v \"\$PWD/out:/out\")"
fi

[ -f "$REPORT" ] || ep_die "$REPORT is missing from this image (built before the report stage existed?)"

args=("$@")
[ "$given_out" -eq 1 ] || args=(--out "$OUT" "$@")

# HOME must be writable whatever --user gave (gnuplot and hyperfine may write there).
[ -w "${HOME:-/nonexistent}" ] || export HOME=/tmp
cd "$ROOT"
# run by bash, whatever its mode bits say (a checkout without them, a copy)
exec bash "$REPORT" "${args[@]}"
