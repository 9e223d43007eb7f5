# shellcheck shell=bash
# harness/cold/runs.sh -- the in-process view: K copies of the binary, each
# run as every copy kind (fresh, same, evicted, dropcache) through the
# launcher (cl_exec_run: a runs.csv row each) with its page queries, a
# whole.csv row each (and samples.csv rows from coldload's binaries); a --binary that hangs or fails is counted, and
# cold_finish says so at the end. Sourced by harness/cold.sh.

# run_args INTO WORKLOAD: the arguments of one run (coldload's binaries:
# width 1, one workload; any other program: its ARGS), into the caller's array INTO.
run_args() {
    local -n cold_ra_out=$1
    cold_ra_out=()
    if [ "$2" = binary ]; then
        cold_ra_out+=("${CL_ARGS[@]}")
    else
        cl_cell "$2"
        cold_ra_out+=("${CL_CELL_ARGS[@]}" --width 1 --runs "$CL_RUNS" --budget "$CL_BUDGET")
    fi
}

# Libraries warm before a new copy, so "fresh" isolates the new file: an
# earlier evicted/dropcache run must not leave its cold libraries to it.
warm_libraries() {
    local run
    [ "$1" = binary ] && [ -n "${CL_COLD[binary_hung]}" ] && return 0
    run_args run "$1"
    cl_exec "cold-warmup-$1" "${CL_COLD[binary]}" "${run[@]}" || true
    note_hung "$1" "cold-warmup-$1"
}

# A --binary that outlived its watchdog once will again: every step after it
# would wait its own watchdog (a QUICK hyperfine step ~100 s; 379 s in all for
# a hung program), so the remaining runs of it are skipped and the run ends
# saying so. CL_COLD[binary_hung]: the first step that hung.
note_hung() {
    if [ "$1" = binary ] && [ -z "${CL_COLD[binary_hung]}" ] && [ "$CL_TIMED_OUT" = 1 ]; then cold_set binary_hung "$2"; fi
}

# cold_run_kind W KIND K DIR: copy K's run of workload W (or the --binary) as
# KIND, the copy DIR/<name> -- its row, its pages before and after (pages.sh),
# its whole-process row -- after the copy is made and, for KIND, evicted or
# dropcached.
cold_run_kind() {
    local w=$1 kind=$2 k=$3 copy=$4/${CL_COLD[name]} rc=0 run before cell params waits
    local name=${CL_COLD[name]} args="${CL_ARGS[*]}"
    cl_row_copy "$kind" "$k"   # the copy is the process: one per copy and kind
    [ "$w" = binary ] && [ -n "${CL_COLD[binary_hung]}" ] && return 0
    run_args run "$w"
    if [ "$w" != binary ]; then
        cl_tags
        run+=(--csv "$CL_SAMPLES" "${CL_TAGS[@]}")
    fi
    pages_before "$copy" "$w"
    before=$(cl_samples_lines)
    [ "$w" = binary ] && cold_add binary_runs 1
    if [ "$w" = binary ]; then cell=("$name" "$args" default); else cell=("$w" "$CL_CELL_PARAMS" 1); fi
    cl_exec_run "cold-$kind-$w-k$k" "${cell[@]}" "$copy" "${run[@]}" || rc=$?
    if [ "$rc" != 0 ]; then
        note_hung "$w" "cold-$kind-$w-k$k"
        if [ "$w" = binary ]; then
            cold_add binary_failed 1
            cold_set binary_first_rc "${CL_COLD[binary_first_rc]:-$rc}"
        else
            CL_FAILURES=$((CL_FAILURES + 1))
            cl_warn "cold-$kind-$w-k$k failed with exit status $rc (see $CL_LOG.err)"
        fi
    fi
    # --series-regex: the run's calls out of its stdout (harness/lib/series.sh)
    [ "$w" != binary ] || cl_series_cold "$CL_LOG.out" "$name" "$args"
    # a --binary's rows name it, as its runs.csv rows do (and make threads's)
    if [ "$w" = binary ]; then
        cl_row_run "$name" "$args" '' ''
    else
        params=$(cl_samples_params "$before")
        waits=$(cl_samples_field "$before" wait)
        cl_row_run "$w" "$params" 1 "$waits"
        cold_set "params/$w" "$params"
        cold_set "wait/$w" "$waits"
        cl_meta_binary_once "$CL_LOG.out"
    fi
    cl_whole_run "$kind" "$k" "$rc"
    grep -v '^#' "$CL_LOG.out" | head -n 3 | sed "s/^/    $kind: /" >&2 || true
    # after the run's own log is used: the query is a step of its own
    pages_after "$copy" "$w" "$kind" "$k"
}

# cold_runs: the K copies, each kind in turn.
cold_runs() {
    local k w kind dir='' workloads kinds copies=${CL_COLD[copies]} name=${CL_COLD[name]}
    cold_workloads workloads
    read -ra kinds <<<"${CL_COLD[kinds]}"
    cl_progress_start $(( copies * ${#workloads[@]} * (${#kinds[@]} + 1) + ${#workloads[@]} * ${#kinds[@]} ))

    # --- in-process view: K copies, each run fresh, again, evicted, dropcached
    for k in $(seq "$copies"); do
        for w in "${workloads[@]}"; do
            cl_progress "copy $k/$copies $w: warm libraries, new copy"
            cl_busy_check "copy $k $w"
            warm_libraries "$w"
            cl_tmpdir dir
            cp -- "${CL_COLD[binary]}" "$dir/$name"
            for kind in "${kinds[@]}"; do
                cl_progress "copy $k/$copies $w: $kind"
                case $kind in
                    evicted) evict_copy "$dir/$name" "$w" ;;
                    dropcache) dropcache "$w" ;;
                esac
                cold_run_kind "$w" "$kind" "$k" "$dir"
            done
            rm -rf -- "$dir"
        done
    done
}

# cold_finish: the run's end -- processes left behind, a --binary that hung
# or failed (exit 1), failed measurements (exit 1), or done.
cold_finish() {
    local binary=${CL_COLD[binary]} hung=${CL_COLD[binary_hung]} wd=${CL_COLD[run_watchdog]}
    local failed=${CL_COLD[binary_failed]} runs=${CL_COLD[binary_runs]}
    # A program that leaves processes behind (a daemon) had them stopped after
    # each run (cl_exec); how many, for meta and the reader.
    cl_meta cold_left_processes "$CL_LEFT_PROCESSES"
    if [ "$CL_LEFT_PROCESSES" -gt 0 ]; then
        cl_warn "the program left $CL_LEFT_PROCESSES process(es) running after its runs (a daemon or a background child); each run's process group was stopped after it"
    fi

    if [ -n "$hung" ]; then
        cl_meta cold_binary_hung "$hung (watchdog ${wd}s, the --budget)"
        cl_die "$binary did not end within its watchdog (${wd}s, the --budget) in $hung (see logs/$hung.err): its later runs and the hyperfine steps were skipped; the rows taken are kept"
    fi

    # A program that fails is measured all the same (its failing runs are rows,
    # exit_code says so), but the run is not a success.
    if [ "$failed" -gt 0 ]; then
        cl_meta cold_binary_failed_runs "$failed of $runs"
        cl_die "$binary exited non-zero in $failed of $runs runs (first: exit ${CL_COLD[binary_first_rc]}; see logs/cold-*-binary-k*.err); the rows taken are kept"
    fi
    cl_series_note "the --binary runs' stdout" "$CL_SERIES_NONE" "$CL_SERIES_READ"
    [ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES measurement(s) failed; the rows taken are kept"
    printf 'coldload cold: done, results in %s\n' "$CL_OUT" >&2
}
