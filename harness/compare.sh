#!/usr/bin/env bash
# harness/compare.sh -- many results directories, one comparison:
# coldload-compare (compare.csv, compare.md, compare.html, plots/compare.dat),
# then gnuplot draws plots/compare.png and .svg. Measures nothing.
#
# `make compare RESULTS="DIR1 DIR2 ..."` calls it; so does the Slurm
# recipe's dependent job (deploy/slurm/compare.sbatch).
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"

usage() {
    cl_usage 'RESULTS_DIR RESULTS_DIR...' <<'USAGE'
Writes DIR/compare.csv, compare.md, compare.html, plots/compare.png and .svg.
Inputs with no cell in common: a note, and a page without a chart or a row.
Exit: 0 done, 1 a step failed, 2 bad flags or bad input (the message names file and line).
USAGE
}

cl_init compare "$@"
# The options are the table's (harness/lib/opttable.sh): --out and --seed
# parsed, defaulted and checked by its code; --label repeats, so it is
# gathered here, in order, for coldload-compare.
cl_defaults
labels=() dirs=()
while [ $# -gt 0 ]; do
    if [[ $1 == --*=* ]]; then set -- "${1%%=*}" "${1#*=}" "${@:2}"; fi
    case $1 in
        --label) cl_optval "$@"; labels+=("$1" "$2"); shift 2 ;;
        -*) cl_common_opt "$@" || cl_usage_error "unknown option '$1'"; shift "$CL_SHIFT" ;;
        *) dirs+=("$1"); shift ;;
    esac
done
cl_opt_final --seed
[ ${#dirs[@]} -ge 2 ] || cl_usage_error "two or more results directories expected"
cmp_out=${CL_OPT[COMPARE_OUT]:-$CL_RESULTS/compare-$(date -u +%Y%m%dT%H%M%SZ)}
cl_need_tools gnuplot
cl_need_binary "$CL_BUILD/coldload-compare"
# written outside any results directory: checked before anything is read;
# an existing comparison directory holds no link gnuplot would write through
[ -z "${CL_OPT[EXPORT_HF]}" ] || cl_target_check --export-hyperfine "${CL_OPT[EXPORT_HF]}"
[ ! -d "$cmp_out" ] || cl_results_check "$cmp_out"
# its parent made when absent, as the other jobs make theirs (a fresh
# clone has no results/ yet)
mkdir -p -- "$(dirname -- "$cmp_out")" 2>/dev/null || cl_die "cannot create the output directory's parent $(dirname -- "$cmp_out")" 2

# Exit 2 from coldload-compare is bad input: its message names file and line.
rc=0
hf=()
[ -z "${CL_OPT[EXPORT_HF]}" ] || hf=(--export-hyperfine "${CL_OPT[EXPORT_HF]}")
"$CL_BUILD/coldload-compare" --out "$cmp_out" "${labels[@]}" "${hf[@]}" --seed "${CL_OPT[COMPARE_SEED]}" "${dirs[@]}" || rc=$?
# exit 2: bad flags or input, which coldload-compare's one line names
[ "$rc" -ne 2 ] || exit 2
[ "$rc" -eq 0 ] || cl_die "coldload-compare failed (exit $rc)" "$rc"
cmp_out=$(cd "$cmp_out" && pwd)
if [ -s "$cmp_out/plots/compare.dat" ]; then
    # UTF-8 for the labels; style.gp through GNUPLOT_LIB, as plots.sh does.
    (cd "$cmp_out/plots" && LC_ALL=C.UTF-8 GNUPLOT_LIB=$CL_ROOT/plots gnuplot "$CL_ROOT/plots/compare.gp") 2>"$cmp_out/plots/gnuplot.err" ||
        cl_die "gnuplot failed on plots/compare.gp: $(grep -v '^[[:space:]]*$' "$cmp_out/plots/gnuplot.err" | tail -n1)"
    for ext in png svg; do
        [ -s "$cmp_out/plots/compare.$ext" ] || cl_die "gnuplot wrote no plots/compare.$ext"
    done
    rm -f -- "$cmp_out/plots/gnuplot.err"
fi
printf 'coldload compare: %s/compare.html\n                  %s/compare.md, compare.csv\n' "$cmp_out" "$cmp_out" >&2
