# shellcheck shell=bash
# harness/cold/options.sh -- cold.sh's options: its --help (from the option
# table, harness/lib/opttable.sh), the command line and its checks, and what
# is measured: coldload's p28_timing (its --describe workloads) or --binary
# PATH with ARGS. Sets copies, hf_runs, binary, args, workloads, name,
# real_binary, evict, run_watchdog (the watchdog of one run) and the binary_*
# counters. Sourced by harness/cold.sh; the other harness/cold/*.sh read these.

# Variables set here are read by cold.sh and the other harness/cold/*.sh.
# shellcheck disable=SC2034

usage() {
    cl_usage '[-- ARGS...]' <<'USAGE'
Besides: COLDLOAD_NO_DROPCACHE=1 (skip the dropcache kind even as root),
  COLDLOAD_NO_STRACE=1 (find the files from the ELF dynamic section, not from a traced run)
USAGE
}

# cold_options ARGS...: the command line (exit 2 on a bad one); exit 0 here
# under COLDLOAD_CHECK_ARGS=1, before anything is made.
cold_options() {
    cl_defaults
    CL_DASHDASH_OK=1   # -- ARGS: the --binary's arguments
    cl_parse_opts "$@"
    cl_finalize_opts
    cl_opt_final --copies
    cl_opt_final --hf-runs
    copies=${CL_OPT[COPIES]} hf_runs=${CL_OPT[HF_RUNS]} binary=${CL_OPT[BINARY]}
    args=("${CL_ARGS[@]}")
    if [ ${#args[@]} -gt 0 ] && [ -z "$binary" ]; then cl_usage_error "arguments after -- need --binary PATH"; fi

    cl_need_tools hyperfine jq readelf realpath
    cl_need_binary "$CL_BUILD/coldload-run"
    cl_need_binary "$CL_BUILD/coldload-evict"
    if [ -n "$binary" ]; then
        cl_program binary --binary "$binary"
        workloads=(binary)
        # Another program gets no --budget of its own: the budget is what one run
        # may take before the watchdog ends it (not coldload's 4 x budget + 120 s
        # per TRG beta); a hyperfine step gets it per run.
        CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" 'BEGIN { printf "%d", (b == int(b) ? b : int(b) + 1) }')
    else
        binary=$CL_BUILD/p28_timing
        cl_need_binary "$binary"
        cl_workloads cold p28_timing   # the workloads p28_timing --describe lists
        read -ra workloads <<<"$CL_WORKLOADS"
        # Width 1 means one thread everywhere, as in warm and loaded runs: without
        # this the pthread OpenBLAS starts nproc threads at load and its idle ones
        # spin. Another program (--binary) runs with the environment it was given.
        export OPENBLAS_NUM_THREADS=1
    fi
    run_watchdog=$CL_WATCHDOG_S
    binary_runs=0 binary_failed=0 binary_first_rc=
    evict=$CL_BUILD/coldload-evict
    name=$(basename "$binary")
    real_binary=$(realpath -e -- "$binary")
    # coldreport.sh asks first whether its arguments are good (COLDLOAD_CHECK_ARGS):
    # a usage error must not create a results directory or move results/latest.
    if [ -n "${COLDLOAD_CHECK_ARGS:-}" ]; then exit 0; fi
}
