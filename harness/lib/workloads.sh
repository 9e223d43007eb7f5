# shellcheck shell=bash
# harness/lib/workloads.sh -- what is measured: the workload binaries'
# --describe tables (bench/describe.h) read once, the cells they give, one
# measurement of a cell, and the shuffled rounds of warm.sh and loaded.sh.
# Sourced by harness/lib.sh.

# CL_WORKLOADS: grad and svdvals (p28_timing), and trg when ising_trg is built.
# $1 warm: warm (idle) also measures the loaded runs' smaller TRG (trgload) when
# it differs from the full one, so that every loaded cell has its idle twin;
# loaded measures only the smaller one.
cl_workloads() {
    CL_WORKLOADS="grad svdvals"
    if [ ! -x "$CL_BUILD/ising_trg" ]; then
        cl_warn "$CL_BUILD/ising_trg is missing: workload trg skipped (build it with make)"
        return 0
    fi
    local same=0
    [ "$CL_TRG_LOADED_BETAS;$CL_TRG_LOADED_CHI;$CL_TRG_LOADED_STEPS" = "$CL_TRG_BETAS;$CL_TRG_CHI;$CL_TRG_STEPS" ] && same=1
    case ${1:-warm}:$same in
        *:1) CL_WORKLOADS+=" trg" ;;
        warm:0) CL_WORKLOADS+=" trg trgload" ;;
        loaded:0) CL_WORKLOADS+=" trgload" ;;
    esac
}

declare -A CL_RUNNO=()

# cl_measure WORKLOAD WIDTH: one measurement (one process) with the current
# tags: rows into samples.csv, one tool=time row into whole.csv, the page
# line on stderr.
cl_measure() {
    local w=$1 width=$2 before step cmd name=$1 betas=$CL_TRG_BETAS chi=$CL_TRG_CHI steps=$CL_TRG_STEPS
    if [ "$w" = trgload ]; then
        name=trg betas=$CL_TRG_LOADED_BETAS chi=$CL_TRG_LOADED_CHI steps=$CL_TRG_LOADED_STEPS
    fi
    case $name in
        grad|svdvals) cmd=("$CL_BUILD/p28_timing" --workload "$w" --runs "$CL_RUNS") ;;
        trg) cmd=("$CL_BUILD/ising_trg" --beta "$betas" --chi "$chi" --steps "$steps" --runs "$CL_TRG_RUNS") ;;
        *) cl_die "internal: unknown workload $w" ;;
    esac
    # The budget bounds the whole measurement (ising_trg: all its betas; a
    # beta that would start after it is spent is skipped).
    cl_tags
    cmd+=(--width "$width" --budget "$CL_BUDGET" --csv "$CL_SAMPLES" "${CL_TAGS[@]}")
    # The pthread OpenBLAS starts nproc threads when it loads, whatever width
    # is set later, and its idle ones spin: a width-1 run would share the
    # machine with a spinner of its own. Start it at the measured width.
    cmd=(env OPENBLAS_NUM_THREADS="$width" "${cmd[@]}")
    step=$CL_NAME-$CL_TAG_CONDITION
    [ "$CL_TAG_CONDITION" = loaded ] && step+=-$CL_TAG_LOAD-s$CL_TAG_STRESSORS
    step+=-$w-w$width-p$CL_TAG_PROC
    before=$(cl_samples_lines)
    if ! cl_exec_timed "$step" "${cmd[@]}"; then
        CL_FAILURES=$((CL_FAILURES + 1))
        cl_warn "$step failed with exit status $CL_RC (see $CL_LOG.err)"
    fi
    CL_RUN_WORKLOAD=$name CL_RUN_WIDTH=$width
    CL_RUN_PARAMS=$(cl_samples_params "$before")
    # One process ran every beta: its whole-process row names them all.
    if [ "$name" = trg ]; then CL_RUN_PARAMS="betas=$betas;chi=$chi;steps=$steps"; fi
    CL_RUN_WAIT=$(cl_samples_field "$before" wait)
    CL_RUNNO[$w]=$(( ${CL_RUNNO[$w]:-0} + 1 ))
    cl_whole_time "$name" "${CL_RUNNO[$w]}"
    cl_meta_binary_once "$CL_LOG.out"
    grep -v '^#' "$CL_LOG.out" | sed "s/^/    /" >&2 || true
}

# cl_shuffle ITEM...: CL_SHUFFLED = the items in a random order (Fisher-Yates
# on RANDOM, which the caller seeds once: the order of a whole run replays
# from its seed). Not $(cl_shuffle): bash reseeds RANDOM in every subshell.
cl_shuffle() {
    local i j t
    CL_SHUFFLED=("$@")
    for ((i = ${#CL_SHUFFLED[@]} - 1; i > 0; i--)); do
        j=$((RANDOM % (i + 1)))
        t=${CL_SHUFFLED[i]} CL_SHUFFLED[i]=${CL_SHUFFLED[j]} CL_SHUFFLED[j]=$t
    done
}

# CL_PROCS rounds; in each, every (workload, width) cell once, in a shuffled
# order, so that no cell is always the first after the load starts (or the
# first after the previous harness) -- and each cell's K processes are spread
# over the whole run rather than back to back.
cl_measure_all() {
    local cells=() cell width w p what=$CL_TAG_CONDITION
    [ "$CL_TAG_CONDITION" = loaded ] && what+=" ($CL_TAG_LOAD load)"
    for width in $CL_WIDTHS; do
        for w in $CL_WORKLOADS; do cells+=("$w:$width"); done
    done
    for ((p = 1; p <= CL_PROCS; p++)); do
        CL_TAG_PROC=$p
        cl_shuffle "${cells[@]}"
        for cell in "${CL_SHUFFLED[@]}"; do
            w=${cell%:*} width=${cell#*:}
            cl_progress "$what: $w width $width, process $p of $CL_PROCS"
            if [ "$CL_TAG_CONDITION" = idle ]; then cl_busy_check "$w width $width"; fi
            cl_measure "$w" "$width"
        done
    done
    CL_TAG_PROC=1
}
