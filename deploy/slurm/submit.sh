#!/usr/bin/env bash
# deploy/slurm/submit.sh -- submits the coldload report on N nodes of a Slurm
# cluster: coldload.sbatch as an array of N exclusive tasks, then
# compare.sbatch depending on all of them (afterok). Prints both job ids and
# where the comparison will be. `make slurm-report NODES=N` calls it.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: deploy/slurm/submit.sh --nodes N [--results DIR] [--args "REPORT FLAGS"] [-- SBATCH_FLAGS...]
  --nodes N        array tasks, one per node (--exclusive)
  --results DIR    shared directory every node can write (default <checkout>/results)
  --args FLAGS     harness/report.sh flags for every node (e.g. "--quick")
  -- FLAGS         more sbatch flags for both jobs (e.g. --partition=bench --time=60)
Environment: COLDLOAD_RUNNER=checkout|apptainer and COLDLOAD_IMAGE (see coldload.sbatch).
USAGE
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
nodes='' results=$root/results args='' extra=()
while [ $# -gt 0 ]; do
    case $1 in
        --nodes|--results|--args)
            [ $# -ge 2 ] || { echo "submit.sh: $1 needs a value" >&2; exit 2; }
            case $1 in --nodes) nodes=$2 ;; --results) results=$2 ;; *) args=$2 ;; esac
            shift 2 ;;
        -h|--help) usage; exit 0 ;;
        --) shift; extra=("$@"); break ;;
        *) echo "submit.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
[[ $nodes =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --nodes N: a count of nodes, got '$nodes'" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "submit.sh: no sbatch here (Debian: slurm-client)" >&2; exit 2; }
[ -x "$root/build/coldload-compare" ] || [ "${COLDLOAD_RUNNER:-checkout}" != checkout ] ||
    { echo "submit.sh: $root/build is not built: run make first" >&2; exit 2; }
mkdir -p -- "$results"
results=$(cd "$results" && pwd)
stamp=$(date -u +%Y%m%dT%H%M%SZ)
env=ALL,COLDLOAD_ROOT=$root,COLDLOAD_RESULTS=$results,COLDLOAD_STAMP=$stamp
# The jobs' own logs beside the results (sbatch's default is the cwd of submission).
logs=$results/slurm-$stamp
mkdir -p -- "$logs"
# COLDLOAD_ARGS through the environment: --export splits on commas.
array=$(COLDLOAD_ARGS=$args sbatch --parsable --array="1-$nodes" --export="$env" \
    --output="$logs/coldload-%A_%a.out" "${extra[@]}" "$here/coldload.sbatch")
array=${array%%;*}
compare=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --export="$env" --output="$logs/compare-%j.out" "${extra[@]}" "$here/compare.sbatch")
compare=${compare%%;*}
printf 'coldload: array job %s (%s tasks), compare job %s (after all succeed)\n' "$array" "$nodes" "$compare"
printf 'coldload: results in %s/%s-<host>, comparison in %s/%s-compare/compare.html\n' \
    "$results" "$stamp" "$results" "$stamp"
printf 'array_job=%s\ncompare_job=%s\nstamp=%s\nresults=%s\n' "$array" "$compare" "$stamp" "$results" >"$logs/jobs.txt"
