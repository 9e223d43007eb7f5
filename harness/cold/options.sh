# shellcheck shell=bash
# harness/cold/options.sh -- cold.sh's options: its --help (from the option
# table, harness/lib/opttable.sh), the command line and its checks, and what
# is measured: coldload's p28_timing (its --describe workloads) or --binary
# PATH with ARGS (CL_ARGS, harness/lib/options.sh). Sourced by harness/cold.sh.
#
# It owns the state of the cold job, which cold.sh and the other
# harness/cold/*.sh write through cold_set and cold_add (never by assignment)
# and read by key:
#   CL_COLD[KEY]  the job's settings and running counts, keys below
# Set by cold_options: copies, hf_runs, binary (the program), name (its
# basename), real_binary (its real path), evict (coldload-evict), run_watchdog
# (the watchdog of one run), workloads (blank-separated: coldload's, or
# `binary` for a --binary). By evict.sh: kinds (the copy kinds,
# blank-separated) and evict_calls, evict_pages, evict_before, evict_after
# (the evictions' totals). By files.sh: lists (the directory of each
# workload's file list). By pages.sh: pages_tsv, pages_before (the pages
# resident before the run, FILE<TAB>PAGES lines) and unknown/PATH (a file
# whose pages the kernel hid: its size in pages). By runs.sh: binary_runs,
# binary_failed, binary_first_rc and binary_hung (the --binary's runs, failed
# runs, first failing exit code, the first step that hung), params/W and
# wait/W (workload W's runs.csv params and wait, for hyperfine.sh's rows).
declare -gA CL_COLD=(
    [copies]='' [hf_runs]='' [binary]='' [name]='' [real_binary]='' [evict]=''
    [run_watchdog]='' [workloads]='' [kinds]='' [evict_calls]=0 [evict_pages]=0
    [evict_before]=0 [evict_after]=0 [lists]='' [pages_tsv]='' [pages_before]=''
    [binary_runs]=0 [binary_failed]=0 [binary_first_rc]='' [binary_hung]=''
)

# cold_set KEY VALUE: CL_COLD[KEY]=VALUE for a KEY the list above names, or a
# per-workload (params/W, wait/W) or per-file (unknown/PATH) one (a misspelt
# key is a bug: stop there rather than keep a value nobody reads).
cold_set() {
    [[ -v CL_COLD[$1] || $1 == params/* || $1 == wait/* || $1 == unknown/* ]] ||
        cl_die "cold_set: no key '$1' in the cold job's state (harness/cold/options.sh)"
    CL_COLD[$1]=$2
}

# cold_add KEY N: CL_COLD[KEY], a count, N more.
cold_add() {
    cold_set "$1" $((${CL_COLD[$1]} + $2))
}

usage() {
    cl_usage '[-- ARGS...]' <<'USAGE'
Besides: COLDLOAD_NO_DROPCACHE=1 (skip the dropcache kind even as root),
  COLDLOAD_NO_STRACE=1 (find the files from the ELF dynamic section, not from a traced run)
USAGE
}

# cold_options ARGS...: the command line (exit 2 on a bad one; its -- ARGS
# need CL_DASHDASH_OK=1, cold.sh's); exit 0 here under COLDLOAD_CHECK_ARGS=1,
# before anything is made.
cold_options() {
    local binary workloads name real_binary
    cl_defaults
    cl_parse_opts "$@"
    cl_finalize_opts
    cl_opt_final --copies
    cl_opt_final --hf-runs
    cold_set copies "${CL_OPT[COPIES]}"
    cold_set hf_runs "${CL_OPT[HF_RUNS]}"
    binary=${CL_OPT[BINARY]}
    if [ ${#CL_ARGS[@]} -gt 0 ] && [ -z "$binary" ]; then cl_usage_error "arguments after -- need --binary PATH"; fi

    cl_need_tools hyperfine jq readelf realpath
    cl_need_binary "$CL_BUILD/coldload-run"
    cl_need_binary "$CL_BUILD/coldload-evict"
    if [ -n "$binary" ]; then
        cl_program binary --binary "$binary"
        workloads=binary
        # Another program gets no --budget of its own: the budget is what one run
        # may take before the watchdog ends it (not coldload's 4 x budget + 120 s
        # per TRG beta); a hyperfine step gets it per run.
        CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" 'BEGIN { printf "%d", (b == int(b) ? b : int(b) + 1) }')
    else
        binary=$CL_BUILD/p28_timing
        cl_need_binary "$binary"
        cl_workloads cold p28_timing   # the workloads p28_timing --describe lists
        workloads=$CL_WORKLOADS
        # Width 1 means one thread everywhere, as in warm and loaded runs: without
        # this the pthread OpenBLAS starts nproc threads at load and its idle ones
        # spin. Another program (--binary) runs with the environment it was given.
        export OPENBLAS_NUM_THREADS=1
    fi
    cold_set binary "$binary"
    cold_set workloads "$workloads"
    cold_set run_watchdog "$CL_WATCHDOG_S"
    cold_set evict "$CL_BUILD/coldload-evict"
    name=$(basename "$binary")
    real_binary=$(realpath -e -- "$binary")
    cold_set name "$name"
    cold_set real_binary "$real_binary"
    # coldreport.sh asks first whether its arguments are good (COLDLOAD_CHECK_ARGS):
    # a usage error must not create a results directory or move results/latest.
    if [ -n "${COLDLOAD_CHECK_ARGS:-}" ]; then exit 0; fi
}

# cold_workloads INTO: the workloads, into the caller's array INTO.
cold_workloads() {
    local -n cold_wl_out=$1
    local cold_wl_words
    read -ra cold_wl_words <<<"${CL_COLD[workloads]}"
    cold_wl_out=()
    cold_wl_out+=("${cold_wl_words[@]}")
}
