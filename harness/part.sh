#!/usr/bin/env bash
# harness/part.sh PART [OPTIONS...] -- one part of the report (harness/PART.sh:
# warm, loaded or firstrun) as a job of its own, the way `make PART` and
# `coldload PART` run it: the part into its results directory, then that directory's summary,
# results.json, hyperfine.json, charts and report (harness/plots.sh), as
# every other job ends. Why: the part points results/latest at its
# directory, and README's results/latest/report.html must be there.
#
# The directory is the part's --out (COLDLOAD_OUT), else a new stamped one
# under results/ named as the harness names it, given to the part as --out
# so the report is made of that one. Exit: the part's status -- a usage
# error (2) or a signal makes no report -- else the report's.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case ${1:-} in
    warm | loaded | firstrun) part=$1 ;;
    *) echo "harness/part.sh: expected warm, loaded or firstrun, got '${1:-}'" >&2; exit 2 ;;
esac
shift

# the last --out and --export-hyperfine given (before any --), as the
# harness's parser takes them; --help is the part's
out=${COLDLOAD_OUT:-} hf='' prev=''
for a in "$@"; do
    [ "$a" != -- ] || break
    case $prev in --out) out=$a ;; --export-hyperfine) hf=$a ;; esac
    case $a in
        --out=*) out=${a#--out=} ;;
        --export-hyperfine=*) hf=${a#--export-hyperfine=} ;;
        -h | --help) exec bash "$root/harness/$part.sh" "$@" ;;
    esac
    prev=$a
done
given=()
if [ -z "$out" ]; then
    out=${COLDLOAD_RESULTS:-$root/results}/$(date -u +%Y%m%dT%H%M%SZ)-$(hostname)
    given=(--out "$out")
fi

rc=0
bash "$root/harness/$part.sh" "${given[@]}" "$@" || rc=$?
# a usage error made nothing; an interrupted part is not reported
if [ "$rc" -eq 2 ] || [ "$rc" -gt 128 ] || [ ! -s "$out/meta.txt" ]; then exit "$rc"; fi
summ=()
[ -z "$hf" ] || summ=(-- --export-hyperfine "$hf")
prc=0
bash "$root/harness/plots.sh" --results "$out" "${summ[@]}" || prc=$?
if [ "$prc" -eq 0 ]; then
    printf 'coldload %s report: %s/report.html\n' "$part" "$(cd "$out" && pwd)" >&2
fi
[ "$rc" -ne 0 ] || rc=$prc
exit "$rc"
