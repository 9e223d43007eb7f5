# shellcheck shell=bash
# harness/lib/cellrun.sh -- one run of the program in one cell, for
# harness/threads.sh (sourced by it alone): its launcher options (rows into
# the results directory, or a remedy's own: rows_dir; the output check; the
# slow limit and the quota), the run (cl_launch, harness/lib/launch.sh) and
# the counts the report lists (taken, failed, stopped). It reads threads.sh's
# state -- binary, args, name, params, check_output, check_what, check_file,
# again_width, slow_after, quota, rows_dir, run_env, tmp, runs_csv -- and
# sets nout, taken, failed, stopped, idle_ms, first_failure, perf_noted,
# left_total and last_status.

# threads.sh declares those and reads what is set here.
# shellcheck disable=SC2154,SC2034,SC2004

# threads_cannot_start CELL STATUS CODE: the warm-up found that the program
# cannot start here -- not executable, its #! interpreter or a library
# missing (status noexec, exit 126 or 127; ld.so's "error while loading
# shared libraries" is 127) -- so every run would fail the same way: stop
# before any load, with one line quoting its stderr and what to do.
threads_cannot_start() {
    cl_die "$name cannot start here: $(cl_start_why "$CL_LOG.err" "$2" "$3") (its warm-up run at width $1: $2, exit $3; $CL_LOG.err). Make $binary run on this machine -- install the library it names (in the container: an image that carries it, see README), or fix its #! line -- then run again; nothing was measured"
}

# threads_run CELL PROC WARMUP: one run of the program in CELL (a width or
# `default`), its rows and counts; WARMUP=1 measures nothing.
threads_run() {
    local cell=$1 proc=$2 warm=$3 step rows=${rows_dir:-$CL_OUT}
    local -a hash=() rec=()
    local -A result=()
    nout=$((nout + 1))
    local out=$tmp/out$nout
    # the cell run again (the A/A control, levels.sh's threads_again): its
    # width's run, tagged copy=again
    local w=$cell copy=$CL_TAG_COPY
    [ "$cell" != again ] || w=$again_width copy=again
    step="threads-w$cell-$CL_TAG_LOAD-p$proc${rows_dir:+-${rows_dir##*/}}"
    [ "$warm" = 1 ] && step="threads-w$cell-warmup"
    if [ "$warm" = 0 ]; then
        CL_TAG_PROC=$proc
        CL_TAG_COPY=$copy cl_tags
        # every row of the run is coldload-run's (its column table): runs.csv,
        # samples.csv and whole.csv
        rec=(--runs-csv "$rows/runs.csv" --csv "$rows/samples.csv" --whole-csv "$rows/whole.csv"
            --workload "$name" --params "$params" --width "$w" "${CL_TAGS[@]}" "${CL_SERIES_RUN[@]}")
    fi
    case $check_output/$check_what in
        0/*) hash=(--no-hash) ;;
        1/stdout) ;;
        '1/{out}') hash=(--hash-file "$out" --remove-hash-file) ;;
        *) # a stale file from an earlier run (or before) must never be hashed
            rm -f -- "$check_file" || cl_die "--check-file $check_file: could not remove it before the run"
            hash=(--hash-file "$check_file") ;;
    esac
    [ "$CL_TAG_LOAD" = none ] || [ -z "${slow_after[$cell]:-}" ] || rec+=(--slow-after "${slow_after[$cell]}")
    [ "$CL_TAG_LOAD" != quota ] || rec+=(--quota "$quota")
    # the width written as every job writes it, and a remedy's setting after
    # it (run_env, harness/lib/levels.sh)
    if ! cl_launch result "$step" "$w" "$out" "${run_env[@]}" -- "${rec[@]}" "${hash[@]}" -- "$binary" "${args[@]}"; then
        CL_FAILURES=$((CL_FAILURES + 1))
        return 0
    fi
    local st=${result[status]} code=${result[exit_code]} left=${result[left]}
    if [ "$warm" = 1 ] && cl_cannot_start result; then
        threads_cannot_start "$cell" "$st" "$code"
    fi
    if [ "$left" -gt 0 ]; then
        left_total=$((left_total + left))
        cl_meta threads_left "$step: $left process(es) left behind, killed after the run"
    fi
    last_status=$st
    [ "$warm" = 1 ] && return 0
    threads_tally "$cell" "$step" "$st" "$code" "${result[wall_ms]}" "${result[bound_ms]}"
}

# threads_tally CELL STEP STATUS CODE WALL BOUND: a measured run of CELL
# counted for the report -- taken, stopped (cut or slow, at BOUND ms),
# failed (the first one's stderr quoted in meta), an idle run's WALL ms
# kept for the slow limits -- and, once, what perf could count.
threads_tally() {
    local cell=$1 step=$2 st=$3 code=$4
    local key="$cell${rows_dir:+ (${run_env[*]:-remedy ${rows_dir##*/}})}/$CL_TAG_LOAD"
    taken[$key]=$(( ${taken[$key]:-0} + 1 ))
    case $st in
        ok) [ "$CL_TAG_LOAD" != none ] || idle_ms[$cell]+=" $5" ;;
        cut | slow) stopped[$key]="${stopped[$key]:+${stopped[$key]}, }$st at $6 ms" ;;
        *)
            failed[$key]=$(( ${failed[$key]:-0} + 1 ))
            if [ "$first_failure" = 0 ]; then   # the report quotes it
                first_failure=1
                local said
                said=$(cl_err_line "$CL_LOG.err")
                cl_meta threads_first_failure "$step ($st, exit $code; logs/${CL_LOG##*/}.err): ${said:-nothing on stderr}"
            fi
            ;;
    esac
    if [ "$perf_noted" = 0 ]; then
        perf_noted=1
        local why
        why=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "perf_why") c = i; next }
            END { if (c) print $c }' "$runs_csv")
        cl_meta threads_perf "${why:-cpu-migrations and context-switches counted (perf_event_open, inherit)}"
    fi
}
