# shellcheck shell=bash
# tests/report/threadsfx.bash -- a threads job's results directory written
# cell by cell (runs.csv, samples.csv, whole.csv with the runtimes column:
# libgomp), for the report tests of the threads answer (twin.bats,
# threads_free.bats): `cell LOAD WIDTH|default MS...` adds one run per MS,
# `row LEVEL` reads the report's "Which width to use" row of a level.
# Needs helpers.bash's D and SUMMARIZE.

threadsfx_setup() {
    need_results
    command -v jq >/dev/null || skip "jq is not installed (make deps)"
    F=$ROOT/tests/fixtures/results-threads
    cp "$F/meta.txt" "$D/"
    # the fixture's column table, with the runtimes column at the end
    { cat "$F/runs-columns.tsv"; printf 'runtimes\ttext\t\t0\tthe threading runtimes it loaded\n'; } >"$D/runs-columns.tsv"
    printf '%s,runtimes\n' "$(head -1 "$F/runs.csv")" >"$D/runs.csv"
    head -1 "$F/samples.csv" >"$D/samples.csv"
    head -1 "$F/whole.csv" >"$D/whole.csv"
}

# cell LOAD WIDTH|default MS...: one run per MS of that cell, in all three
# files. FX_THREADS=N: every run N threads whatever its width (a program the
# width never reaches); FX_RUNTIMES: its runtimes column (default
# libgomp:OMP_NUM_THREADS; empty: none loaded); FX_COPY=again: the cell run
# again (the A/A control where no cell is a twin).
cell() {
    local load=$1 w=$2 p=0 ms cond=loaded s=2 width th=2 cpus='0;1' n=2
    local rt=${FX_RUNTIMES-libgomp:OMP_NUM_THREADS} copy=${FX_COPY:-inplace}
    shift 2
    [ "$load" != none ] || { cond=idle s=0; }
    width=$w
    [ "$w" != default ] || width=
    [ "$w" != 1 ] || { th=1 cpus=0 n=1; }
    [ -z "${FX_THREADS:-}" ] || th=$FX_THREADS
    for ms in "$@"; do
        p=$((p + 1))
        local id=1796316999$RANDOM-$p
        echo "2026-12-03T16:56:39.743Z,vm,$id,omp,,$width,$w,ok,0,0,$ms,$ms,0.000,1788,102,0,1,7,$cpus,$n,$th,0,7,,0,f6c74cffb262ad73,11,6,0.490,threads,$cond,$s,$copy,$load,$p,$rt" >>"$D/runs.csv"
        echo "2026-12-03T16:56:39.743Z,vm,$id,omp,,${width:-0},,steady,1,$ms,102,0,1,7,0.79,1,f6c74cffb262ad73,0,,$cpus,0,$w,threads,$cond,$s,$copy,$load,$p" >>"$D/samples.csv"
        echo "2026-12-03T16:56:39.746Z,vm,threads,$cond,$s,$copy,omp,,$width,,coldload-run,ok,$p,$ms,$ms,0.000,102,0,0,$load,$p" >>"$D/whole.csv"
    done
}

# row LOAD-LABEL: the report's "Which width to use" row of that level.
row() {
    grep "^| $1 |" "$D/report.md" | head -1
}
