#!/usr/bin/env bash
# harness/firstrun.sh -- where the first run's milliseconds go, on coldload's
# own binaries: pairs of processes that differ in one thing, each part the
# measured difference (coldload-summarize's "first run" table and chart).
#
# Every process runs one workload (grad, svdvals: p28_timing; trg:
# ising_trg) at width 1 under coldload-exec, with --startup: its rows give
# exec -> main, main -> first result, the first call and the steady calls.
# The runs, per workload, in each of --procs rounds (shuffled, seeded):
#   base       dynamic, lazy binding, OpenBLAS pool of W (W = the largest
#              width; the work itself runs at width 1), no prefault --
#              once per copy kind: same (the binary, warm), fresh (a new
#              copy), evicted (a copy with the files its start reads dropped
#              from the page cache), dropcache (root: the whole cache)
#   bindnow    base with LD_BIND_NOW=1: every symbol bound before main
#   static     the statically linked build (build/<binary>-static, make static)
#   prefault   base with --prefault: the work buffers touched before the first call
#   pool1      base with OPENBLAS_NUM_THREADS=1: no OpenBLAS threads to start
# the four variants on the warm binary (copy kind same), so what they differ
# in is CPU work, not disk. The rows go to <out>/firstrun.csv, tagged
# harness=firstrun, variant, copy and proc (the round); samples.csv and
# whole.csv are not touched.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/coldtrace.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/coldtrace.sh"

usage() {
    cl_usage '' <<'USAGE'
Writes DIR/firstrun.csv (and meta.txt firstrun_* keys, logs/firstrun-*).
Besides: COLDLOAD_NO_DROPCACHE=1 COLDLOAD_NO_STRACE=1 (as cold.sh's)
USAGE
}

cl_init firstrun "$@"
cl_defaults
cl_parse_opts "$@"
cl_finalize_opts
kinds_opt=${CL_OPT[KINDS]} workloads_opt=${CL_OPT[WORKLOADS]}
cl_opt_check --kinds "$kinds_opt"
cl_opt_check --workloads "$workloads_opt"
cl_need_tools readelf realpath
for b in p28_timing coldload-exec coldload-evict coldload-run; do cl_need_binary "$CL_BUILD/$b"; done

# --- what runs
workloads=(grad svdvals trg)
[ -n "$workloads_opt" ] && read -ra workloads <<<"${workloads_opt//,/ }"
kinds=(same fresh evicted)
[ -n "$kinds_opt" ] && read -ra kinds <<<"${kinds_opt//,/ }"
# same is every part's baseline: always there, always first
kinds=(same "${kinds[@]/same/}")
read -ra kinds <<<"${kinds[*]}"
pool=1
for x in $CL_WIDTHS; do [ "$x" -gt "$pool" ] && pool=$x; done

cl_results_init
cl_traps
cl_meta_begin
csv=$CL_OUT/firstrun.csv

dropcache_why=
if [ -n "$kinds_opt" ] && [[ " ${kinds[*]} " != *" dropcache "* ]]; then
    dropcache_why="not asked for (--kinds)"
elif [ -n "${COLDLOAD_NO_DROPCACHE:-}" ]; then
    dropcache_why="skipped: COLDLOAD_NO_DROPCACHE is set"
elif [ "$(id -u)" != 0 ]; then
    dropcache_why="skipped: not root"
elif ! [ -w /proc/sys/vm/drop_caches ]; then
    dropcache_why="skipped: /proc/sys/vm/drop_caches is not writable"
elif [ -z "$kinds_opt" ]; then
    kinds+=(dropcache)
fi
if [[ " ${kinds[*]} " == *" dropcache "* ]] && [ -n "$dropcache_why" ] && [ "$dropcache_why" != "not asked for (--kinds)" ]; then
    cl_usage_error "--kinds dropcache: $dropcache_why"
fi

# the binary of a workload, and its arguments: the binary's own --describe
# table at this mode's size (cl_cell); the TRG at its loaded runs' size (one
# beta, chi 8, 10 steps). The parts are the start's -- linking, the pool, the
# page cache, first touches -- not the work's: a 280 ms full-size TRG call
# varies by +-30 ms from process to process, which buried parts of a few ms
# (every TRG part stayed undecided to the most rounds) and took two thirds of
# firstrun's time.
bin_of() { cl_describe; echo "${CL_WL_BINARY[$1]}"; }
args_of() {
    local i
    if [ "$1" = trg ]; then cl_cell trgload; else cl_cell "$1"; fi
    run=("${CL_CELL_ARGS[@]}")
    for ((i = 0; i + 1 < ${#run[@]}; i++)); do
        if [ "${run[i]}" = --beta ]; then run[i + 1]=${run[i + 1]%%,*}; fi
    done
    run+=(--width 1 --budget "$CL_BUDGET" --precision "$CL_PRECISION")
}

variants=()
static_note=()
have=()
for w in "${workloads[@]}"; do
    if [ "$w" = trg ] && [ ! -x "$CL_BUILD/ising_trg" ]; then
        cl_warn "$CL_BUILD/ising_trg is missing: workload trg skipped (build it with make)"
        continue
    fi
    have+=("$w")
done
[ ${#have[@]} -gt 0 ] || cl_usage_error "no workload to run"
workloads=("${have[@]}")
variants=(bindnow prefault)
if [ "$pool" -gt 1 ]; then
    variants+=(pool1)
else
    cl_meta firstrun_pool1 "skipped: the base runs' pool is 1 already (one CPU, or --widths 1)"
fi
declare -A static_ok=()
for w in "${workloads[@]}"; do
    b=$(bin_of "$w")
    if [ -x "$CL_BUILD/$b-static" ]; then
        static_ok[$w]=1
    else
        static_note+=("$b-static")
    fi
done
if [ ${#static_ok[@]} -gt 0 ]; then variants+=(static); fi
if [ ${#static_note[@]} -gt 0 ]; then
    cl_warn "${static_note[*]} missing (make static): no static run for those workloads, so no dynamic-linking part"
fi

cl_meta firstrun_workloads "${workloads[*]}"
cl_meta firstrun_kinds "${kinds[*]}"
cl_meta firstrun_variants "base ${variants[*]}"
cl_meta firstrun_pool "$pool"
cl_meta firstrun_procs "$CL_PROCS"
cl_meta firstrun_shuffle_seed "$CL_SEED"
cl_meta firstrun_dropcache "${dropcache_why:-yes}"
cl_meta firstrun_exec_clock "coldload-exec: CLOCK_MONOTONIC before execve against the binary's constructor stamp"
RANDOM=$CL_SEED

# --- the files a cold start reads, per binary (evicted kind): traced, else the ELF
lists=
cl_tmpdir lists
files_method=strace
if [[ " ${kinds[*]} " == *" evicted "* ]]; then
    if [ -n "${COLDLOAD_NO_STRACE:-}" ]; then
        files_method="elf (COLDLOAD_NO_STRACE is set)"
    elif ! type -P strace >/dev/null; then
        files_method="elf (strace missing: Debian package $(cl_pkg_of strace))"
    fi
    for w in "${workloads[@]}"; do
        b=$(bin_of "$w")
        [ -s "$lists/$b" ] && continue
        if [ "${files_method%% *}" = strace ]; then
            args_of "$w"
            log=$(cl_unique "$CL_OUT/logs/firstrun-trace-$b" .strace).strace
            cl_exec "firstrun-trace-$b" "${CF_STRACE[@]}" -o "$log" -- "$CL_BUILD/$b" "${run[@]}" || true
            cf_parse_trace "$log" "$lists/$b"
            grep -qxF -- "$(realpath -e "$CL_BUILD/$b")" "$lists/$b" || files_method="elf (strace failed)"
        fi
        [ "${files_method%% *}" = strace ] || cf_elf "$lists/$b" "$CL_BUILD/$b"
    done
    cl_meta firstrun_files_method "$files_method"
fi

# warm PROG WORKLOAD: one untimed run of PROG, so that a `same` run or a
# variant finds its files in the page cache after an evicted or dropcache run
# emptied it. Only the program about to run is warmed (each one the first
# time it runs after the cache was emptied: they share the libraries, not
# their own file), with one steady call and the loaded runs' small TRG: what
# warms the files is running the code, not the size of the work. (Warming
# every binary after every eviction, at full size, was a third of
# firstrun's time.)
declare -A cold_prog=()
warm() {
    local prog=$1 w=$2
    cl_cell "$w"
    [ "$w" != trg ] || cl_cell trgload
    cl_exec "firstrun-warmup-${prog##*/}" "$prog" "${CL_CELL_ARGS[@]}" --runs 1 --width 1 >/dev/null ||
        cl_die "${prog##*/} failed its warm-up run (see $CL_LOG.err)"
    unset 'cold_prog[$prog]'
}
# every program may have lost its files (the first runs, and after each
# eviction): the libraries are shared
all_cold() {
    local w b
    for w in "${workloads[@]}"; do
        b=$(bin_of "$w")
        cold_prog[$CL_BUILD/$b]=1
        [ -z "${static_ok[$w]:-}" ] || cold_prog[$CL_BUILD/$b-static]=1
    done
}

# one_run WORKLOAD VARIANT KIND PROC: one process, its rows into firstrun.csv.
one_run() {
    local w=$1 v=$2 k=$3 p=$4 b dir='' prog env_=() before after
    b=$(bin_of "$w")
    prog=$CL_BUILD/$b
    [ "$v" = static ] && prog=$CL_BUILD/$b-static
    if [ -n "${cold_prog[$prog]:-}" ] && [ "$k" != evicted ] && [ "$k" != dropcache ]; then
        warm "$prog" "$w"
    fi
    case $k in
        fresh|evicted)
            cl_tmpdir dir
            cp -- "$prog" "$dir/$b"
            if [ "$k" = evicted ]; then
                local cold=("$dir/$b")
                mapfile -t -O 1 cold < <(grep -vxF -- "$(realpath -e "$prog")" "$lists/$b")
                cl_exec "firstrun-evict-$w-p$p" "$CL_BUILD/coldload-evict" "${cold[@]}" ||
                    cl_warn "coldload-evict failed (see $CL_LOG.err)"
                all_cold
            fi
            prog=$dir/$b ;;
        dropcache)
            cl_exec "firstrun-dropcache-$w-p$p" sh -c 'sync && echo 3 >/proc/sys/vm/drop_caches' ||
                cl_warn "dropping the page cache failed (see $CL_LOG.err)"
            all_cold ;;
    esac
    env_=(OPENBLAS_NUM_THREADS="$pool")
    case $v in
        bindnow) env_+=(LD_BIND_NOW=1) ;;
        pool1) env_=(OPENBLAS_NUM_THREADS=1) ;;
    esac
    args_of "$w"
    [ "$v" = prefault ] && run+=(--prefault)
    run+=(--startup --csv "$csv" --tag harness=firstrun --tag "variant=$v" --tag "copy=$k" --tag "proc=$p")
    before=$(if [ -f "$csv" ]; then wc -l <"$csv"; else echo 0; fi)
    # the launcher's row in runs.csv: a part's run, of no cell of the summary
    CL_TAG_COPY=$k CL_TAG_PROC=$p
    local rc=0
    cl_exec_run "firstrun-$w-$v-$k-p$p" "$w" "variant=$v" 1 \
        env "${env_[@]}" "$CL_BUILD/coldload-exec" "$prog" "${run[@]}" || rc=$?
    if [ "$rc" != 0 ]; then
        CL_FAILURES=$((CL_FAILURES + 1))
        cl_warn "firstrun-$w-$v-$k-p$p failed with exit status $rc (see $CL_LOG.err)"
    fi
    after=$(if [ -f "$csv" ]; then wc -l <"$csv"; else echo 0; fi)
    if [ "$after" -le "$before" ]; then
        CL_FAILURES=$((CL_FAILURES + 1))
        cl_warn "firstrun-$w-$v-$k-p$p wrote no row (see $CL_LOG.err)"
    fi
    grep '^startup:' "$CL_LOG.out" | sed "s/^/    $w $v $k: /" >&2 || true
    if [ -n "$dir" ]; then rm -rf -- "$dir"; fi
}

cells=()
for w in "${workloads[@]}"; do
    for k in "${kinds[@]}"; do cells+=("$w:base:$k"); done
    for v in "${variants[@]}"; do
        if [ "$v" = static ] && [ -z "${static_ok[$w]:-}" ]; then continue; fi
        cells+=("$w:$v:same")
    done
done
# undecided_cells: the runs the next round needs, from coldload-summarize
# --firstrun-decided's plan (verdict/decide.h: each part's spread over its
# pairs within +-CL_PRECISION of the first run's extra), read by column name
# (cl_plan): both sides of every undecided part. None: every part is known.
# The tool failing keeps them all.
undecided_cells() {
    local i w k v rows
    local -A need=()
    next=()
    if ! cl_plan "state workload kind variant" --firstrun-decided "$CL_PRECISION" "$CL_OUT"; then
        cl_warn "coldload-summarize --firstrun-decided failed (${CL_PLAN[error]}): every run goes on"
        next=("${cells[@]}")
        return 0
    fi
    rows=${CL_PLAN[n]}
    for ((i = 0; i < rows; i++)); do
        [ "${CL_PLAN["$i,state"]}" = undecided ] || continue
        # CL_PLAN is associative: "$i,kind" is a key, not the variable kind
        # shellcheck disable=SC2031
        w=${CL_PLAN["$i,workload"]} k=${CL_PLAN["$i,kind"]} v=${CL_PLAN["$i,variant"]}
        need[$w:base:same]=1
        if [ "$v" = base ]; then need[$w:base:$k]=1; else need[$w:$v:same]=1; fi
    done
    for cell in "${cells[@]}"; do [ -z "${need[$cell]:-}" ] || next+=("$cell"); done
}

# Rounds: 3 (or --procs K when it is less), then one more of the runs an
# undecided part needs, up to --procs [5]; --procs K given fixes K rounds.
pmax=$CL_PROCS pmin=$CL_PROCS how=fixed
if [ -z "${CL_OPT[PROCS]}" ] && [ "$pmax" -gt 3 ]; then pmin=3 how=decided; fi
cl_meta firstrun_rounds "$pmin-$pmax"
all_cold
cl_progress_start $(( ${#cells[@]} * pmax ))
round=("${cells[@]}")
for ((p = 1; p <= pmax; p++)); do
    if [ "$p" -gt "$pmin" ]; then
        undecided_cells
        [ ${#next[@]} -gt 0 ] || break
        round=("${next[@]}")
    fi
    cl_busy_check "first-run round $p"
    cl_shuffle order "${round[@]}"
    for cell in "${order[@]}"; do
        IFS=: read -r w v k <<<"$cell"
        cl_progress "round $p of $pmin-$pmax: $w $v ($k)"
        one_run "$w" "$v" "$k" "$p"
    done
done
if [ "$p" -gt "$pmax" ] && [ "$how" = decided ]; then
    undecided_cells
    [ ${#next[@]} -eq 0 ] || how=max
fi
# the stop as a row of stops.csv: the whole job's (no cell, no width), as a
# threads level's (older results directories have meta's firstrun_stop)
cl_stop_row firstrun none 0 '' '' "$((p - 1))" "$how"

[ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES first-run process(es) failed; the rows taken are kept"
printf 'coldload firstrun: done, rows in %s\n' "$csv" >&2
