# shellcheck shell=bash
# harness/cold/hyperfine.sh -- the whole-process view: hyperfine times
# --hf-runs whole runs of each copy kind per workload (its --prepare makes the
# copy fresh, evicted or dropcached), one export each under <out>/hyperfine/,
# one whole.csv row per run. Sourced by harness/cold.sh.

# The variables read here are set by harness/cold/options.sh, runs.sh,
# evict.sh; the CL_* set here are read by harness/lib/all.sh's functions.
# shellcheck disable=SC2034,SC2154

q() { printf '%q' "$1"; }

# cold_hyperfine: every workload and kind, its export and rows.
cold_hyperfine() {
    for w in "${workloads[@]}"; do
        cl_tmpdir dir
        copy=$dir/$name
        cp -- "$binary" "$copy"
        if [ "$w" = binary ]; then run=("${args[@]}"); else cl_cell "$w"; run=("${CL_CELL_ARGS[@]}" --width 1 --runs 1); fi
        hf_cmd=$(q "$copy")
        for a in "${run[@]}"; do hf_cmd+=" $(q "$a")"; done
        for kind in "${kinds[@]}"; do
            [ "$w" = binary ] && [ -n "$binary_hung" ] && continue
            cl_progress "hyperfine $w: $kind ($hf_runs runs)"
            warm_libraries "$w"
            case $kind in
                fresh) prep=(--prepare "sh -c $(q "rm -f $(q "$copy") && cp $(q "$binary") $(q "$copy")")") ;;
                same) prep=(--warmup 1) ;;
                evicted) cold_list "$copy" "$w"; prep=(--prepare "$(q "$evict")$(for l in "${cold[@]}"; do printf ' %q' "$l"; done)") ;;
                dropcache) prep=(--prepare "sh -c $(q 'sync && echo 3 >/proc/sys/vm/drop_caches')") ;;
            esac
            json=$(cl_unique "$CL_OUT/hyperfine/cold-$w-$kind" .json).json
            if [ "$w" = binary ]; then CL_WATCHDOG_S=$(( (hf_runs + 2) * run_watchdog + 30 )); fi
            rc=0
            cl_exec "cold-hyperfine-$w-$kind" hyperfine -N -i --style basic --runs "$hf_runs" \
                --export-json "$json" "${prep[@]}" -n "$kind" "$hf_cmd" || rc=$?
            CL_WATCHDOG_S=$run_watchdog
            if [ "$rc" -ne 0 ]; then
                CL_FAILURES=$((CL_FAILURES + 1))
                cl_warn "hyperfine $w $kind failed with exit status $rc (see $CL_LOG.err)"
                continue
            fi
            CL_TAG_COPY=$kind
            CL_RUN_WORKLOAD=$name CL_RUN_PARAMS="${args[*]}" CL_RUN_WIDTH='' CL_RUN_WAIT=''
            if [ "$w" != binary ]; then
                CL_RUN_WORKLOAD=$w CL_RUN_WIDTH=1 CL_RUN_PARAMS=${params[$w]:-} CL_RUN_WAIT=${waits[$w]:-}
            fi
            cl_whole_hyperfine "$json"
        done
    done
}
