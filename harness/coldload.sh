#!/usr/bin/env bash
# harness/coldload.sh -- `coldload`, the command `make install` puts in
# $PREFIX/bin: runs one harness of the installed tree ($PREFIX/share/coldload,
# found from this script's own place, so a DESTDIR or moved install works).
#
# Why a front door: an installed tree is not writable, and the harnesses'
# default results directory is <tree>/results. This sets it to ./results
# (unless COLDLOAD_RESULTS or --out says otherwise), like a checkout's
# results/ beside the sources.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: coldload COMMAND [OPTIONS]
  report     cold starts, warm and loaded runs, then summary, charts and report
  compare    results directories side by side   scan     the wait/width/load scans
  firstrun   where the first run's milliseconds go
  cold       cold starts only        warm     warm runs only
  loaded     runs under load only    plots    re-render a results directory
             (each ends with its results directory's report, as report does)
  threads    --binary PROG [-- ARGS]: do threads hurt PROG under full load (its own report)
  ab         --a "CMD" --b "CMD": is B faster than A, interleaved with an A/A arm (its report)
  bisect     --repo DIR --good REV --bad REV --build "CMD" --run "CMD": which commit changed
             the time (each step an ab comparison; the repository is never changed)
  coldload COMMAND --help    that command's options
Results go under ./results (COLDLOAD_RESULTS=DIR for another parent, or --out DIR).
The binaries (p28_timing, ising_trg, coldload-summarize, coldload-evict) are
on PATH beside this command.
USAGE
}

self=$(readlink -f "${BASH_SOURCE[0]}")
root=${COLDLOAD_ROOT:-$(dirname "$self")/../share/coldload}
case "${1:-}" in
    report | cold | warm | loaded | plots | threads | ab | bisect) ;;
    -h | --help) usage; exit 0 ;;
    '') usage >&2; exit 2 ;;
    compare | scan | firstrun) ;;   # make compare, make scan, make firstrun
    *) echo "coldload: unknown command '$1'" >&2; usage >&2; exit 2 ;;
esac
cmd=$1
shift
[ -f "$root/harness/$cmd.sh" ] || { echo "coldload: no $root/harness/$cmd.sh (installed with make install?)" >&2; exit 2; }
export COLDLOAD_RESULTS=${COLDLOAD_RESULTS:-$PWD/results}
# one part is a job of its own, as make runs it: the part, then its report
case $cmd in
    warm | loaded | firstrun) exec bash "$root/harness/part.sh" "$cmd" "$@" ;;
    cold) exec bash "$root/harness/coldreport.sh" "$@" ;;
esac
exec bash "$root/harness/$cmd.sh" "$@"
