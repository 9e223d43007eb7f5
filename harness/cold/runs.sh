# shellcheck shell=bash
# harness/cold/runs.sh -- the in-process view: K copies of the binary, each
# run as every copy kind (fresh, same, evicted, dropcache) through the
# launcher (cl_exec_run: a runs.csv row each) with its page queries, a
# whole.csv row each (and samples.csv rows from coldload's binaries); a --binary that hangs or fails is counted, and
# cold_finish says so at the end. Sourced by harness/cold.sh.

# Variables set here are read by cold.sh and the other harness/cold/*.sh;
# the ones read here are set by harness/cold/options.sh, files.sh, evict.sh.
# shellcheck disable=SC2034,SC2154

# run_args WORKLOAD: the arguments of one run (coldload's binaries: width 1,
# one workload; any other program: its ARGS).
run_args() {
    if [ "$1" = binary ]; then
        run=("${args[@]}")
    else
        cl_cell "$1"
        run=("${CL_CELL_ARGS[@]}" --width 1 --runs "$CL_RUNS" --budget "$CL_BUDGET")
    fi
}

# Libraries warm before a new copy, so "fresh" isolates the new file: an
# earlier evicted/dropcache run must not leave its cold libraries to it.
warm_libraries() {
    [ "$1" = binary ] && [ -n "$binary_hung" ] && return 0
    run_args "$1"
    cl_exec "cold-warmup-$1" "$binary" "${run[@]}" || true
    note_hung "$1" "cold-warmup-$1"
}

# A --binary that outlived its watchdog once will again: every step after it
# would wait its own watchdog (a QUICK hyperfine step ~100 s; 379 s in all for
# a hung program), so the remaining runs of it are skipped and the run ends
# saying so. binary_hung: the first step that hung.
binary_hung=
note_hung() {
    if [ "$1" = binary ] && [ -z "$binary_hung" ] && [ "$CL_TIMED_OUT" = 1 ]; then binary_hung=$2; fi
}

# cold_run_kind W KIND K: copy K's run of workload W (or the --binary) as
# KIND -- its row, its pages before and after (pages.sh), its whole-process
# row -- after the copy is made and, for KIND, evicted or dropcached.
cold_run_kind() {
    local w=$1 kind=$2 k=$3 rc=0
    CL_TAG_COPY=$kind
    [ "$w" = binary ] && [ -n "$binary_hung" ] && return 0
    run_args "$w"
    if [ "$w" != binary ]; then
        cl_tags
        run+=(--csv "$CL_SAMPLES" "${CL_TAGS[@]}")
    fi
    declare -gA pre=() post=()
    pages_query pre "$dir/$name" "$w"
    before=$(cl_samples_lines)
    [ "$w" = binary ] && binary_runs=$((binary_runs + 1))
    if [ "$w" = binary ]; then cell=("$name" "${args[*]}" default); else cell=("$w" "$CL_CELL_PARAMS" 1); fi
    cl_exec_run "cold-$kind-$w-k$k" "${cell[@]}" "$dir/$name" "${run[@]}" || rc=$?
    if [ "$rc" != 0 ]; then
        note_hung "$w" "cold-$kind-$w-k$k"
        if [ "$w" = binary ]; then
            binary_failed=$((binary_failed + 1))
            binary_first_rc=${binary_first_rc:-$rc}
        else
            CL_FAILURES=$((CL_FAILURES + 1))
            cl_warn "cold-$kind-$w-k$k failed with exit status $rc (see $CL_LOG.err)"
        fi
    fi
    # --series-regex: the run's calls out of its stdout (harness/lib/series.sh)
    [ "$w" != binary ] || cl_series_cold "$CL_LOG.out" "$name" "${args[*]}"
    # a --binary's rows name it, as its runs.csv rows do (and make threads's)
    CL_RUN_WORKLOAD=$name CL_RUN_PARAMS="${args[*]}" CL_RUN_WIDTH='' CL_RUN_WAIT=''
    if [ "$w" != binary ]; then
        CL_RUN_WORKLOAD=$w CL_RUN_WIDTH=1
        CL_RUN_PARAMS=$(cl_samples_params "$before")
        CL_RUN_WAIT=$(cl_samples_field "$before" wait)
        params[$w]=$CL_RUN_PARAMS waits[$w]=$CL_RUN_WAIT
        cl_meta_binary_once "$CL_LOG.out"
    fi
    cl_whole_run "$kind" "$k" "$rc"
    grep -v '^#' "$CL_LOG.out" | head -n 3 | sed "s/^/    $kind: /" >&2 || true
    # after the run's own log is used: the query is a step of its own
    pages_query post "$dir/$name" "$w"
    pages_rows "$w" "$kind" "$k"
}

# cold_runs: the K copies, each kind in turn.
cold_runs() {
    declare -gA params=() waits=()
    dir=
    CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_LOAD=none
    cl_progress_start $(( copies * ${#workloads[@]} * (${#kinds[@]} + 1) + ${#workloads[@]} * ${#kinds[@]} ))

    # --- in-process view: K copies, each run fresh, again, evicted, dropcached
    for k in $(seq "$copies"); do
        CL_TAG_PROC=$k   # the copy is the process: one per copy and kind
        for w in "${workloads[@]}"; do
            cl_progress "copy $k/$copies $w: warm libraries, new copy"
            cl_busy_check "copy $k $w"
            warm_libraries "$w"
            cl_tmpdir dir
            cp -- "$binary" "$dir/$name"
            for kind in "${kinds[@]}"; do
                cl_progress "copy $k/$copies $w: $kind"
                case $kind in
                    evicted) evict_copy "$dir/$name" "$w" ;;
                    dropcache) dropcache "$w" ;;
                esac
                cold_run_kind "$w" "$kind" "$k"
            done
            rm -rf -- "$dir"
        done
    done
}

# cold_finish: the run's end -- processes left behind, a --binary that hung
# or failed (exit 1), failed measurements (exit 1), or done.
cold_finish() {
    # A program that leaves processes behind (a daemon) had them stopped after
    # each run (cl_exec); how many, for meta and the reader.
    cl_meta cold_left_processes "$CL_LEFT_PROCESSES"
    if [ "$CL_LEFT_PROCESSES" -gt 0 ]; then
        cl_warn "the program left $CL_LEFT_PROCESSES process(es) running after its runs (a daemon or a background child); each run's process group was stopped after it"
    fi

    if [ -n "$binary_hung" ]; then
        cl_meta cold_binary_hung "$binary_hung (watchdog ${run_watchdog}s, the --budget)"
        cl_die "$binary did not end within its watchdog (${run_watchdog}s, the --budget) in $binary_hung (see logs/$binary_hung.err): its later runs and the hyperfine steps were skipped; the rows taken are kept"
    fi

    # A program that fails is measured all the same (its failing runs are rows,
    # exit_code says so), but the run is not a success.
    if [ "$binary_failed" -gt 0 ]; then
        cl_meta cold_binary_failed_runs "$binary_failed of $binary_runs"
        cl_die "$binary exited non-zero in $binary_failed of $binary_runs runs (first: exit $binary_first_rc; see logs/cold-*-binary-k*.err); the rows taken are kept"
    fi
    cl_series_note "the --binary runs' stdout" "$CL_SERIES_NONE" "$CL_SERIES_READ"
    [ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES measurement(s) failed; the rows taken are kept"
    printf 'coldload cold: done, results in %s\n' "$CL_OUT" >&2
}
