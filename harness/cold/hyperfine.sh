# shellcheck shell=bash
# harness/cold/hyperfine.sh -- the whole-process view: hyperfine times
# --hf-runs whole runs of each copy kind per workload (its --prepare makes the
# copy fresh, evicted or dropcached), one export each under <out>/hyperfine/,
# one whole.csv row per run. Sourced by harness/cold.sh.

q() { printf '%q' "$1"; }

# hf_prepare INTO KIND COPY WORKLOAD: hyperfine's flags that make COPY (of
# WORKLOAD's files) a KIND copy before each run, into the caller's array INTO.
hf_prepare() {
    local -n cold_hp_out=$1
    local list l
    cold_hp_out=()
    case $2 in
        fresh) cold_hp_out+=(--prepare "sh -c $(q "rm -f $(q "$3") && cp $(q "${CL_COLD[binary]}") $(q "$3")")") ;;
        same) cold_hp_out+=(--warmup 1) ;;
        evicted) cold_list list "$3" "$4"; cold_hp_out+=(--prepare "$(q "${CL_COLD[evict]}")$(for l in "${list[@]}"; do printf ' %q' "$l"; done)") ;;
        dropcache) cold_hp_out+=(--prepare "sh -c $(q 'sync && echo 3 >/proc/sys/vm/drop_caches')") ;;
    esac
}

# cold_hyperfine: every workload and kind, its export and rows.
cold_hyperfine() {
    local w kind dir copy run a hf_cmd prep json rc workloads kinds
    local hf_runs=${CL_COLD[hf_runs]} name=${CL_COLD[name]}
    cold_workloads workloads
    read -ra kinds <<<"${CL_COLD[kinds]}"
    for w in "${workloads[@]}"; do
        cl_tmpdir dir
        copy=$dir/$name
        cp -- "${CL_COLD[binary]}" "$copy"
        if [ "$w" = binary ]; then run=("${CL_ARGS[@]}"); else cl_cell "$w"; run=("${CL_CELL_ARGS[@]}" --width 1 --runs 1); fi
        hf_cmd=$(q "$copy")
        for a in "${run[@]}"; do hf_cmd+=" $(q "$a")"; done
        for kind in "${kinds[@]}"; do
            [ "$w" = binary ] && [ -n "${CL_COLD[binary_hung]}" ] && continue
            cl_progress "hyperfine $w: $kind ($hf_runs runs)"
            warm_libraries "$w"
            hf_prepare prep "$kind" "$copy" "$w"
            json=$(cl_unique "$CL_OUT/hyperfine/cold-$w-$kind" .json).json
            # a --binary's watchdog is one run's: a step gets it for each run
            if [ "$w" = binary ]; then CL_WATCHDOG_S=$(( (hf_runs + 2) * CL_WATCHDOG_S + 30 )); fi
            rc=0
            cl_exec "cold-hyperfine-$w-$kind" hyperfine -N -i --style basic --runs "$hf_runs" \
                --export-json "$json" "${prep[@]}" -n "$kind" "$hf_cmd" || rc=$?
            CL_WATCHDOG_S=${CL_COLD[run_watchdog]}
            if [ "$rc" -ne 0 ]; then
                CL_FAILURES=$((CL_FAILURES + 1))
                cl_warn "hyperfine $w $kind failed with exit status $rc (see $CL_LOG.err)"
                continue
            fi
            cl_row_copy "$kind"
            if [ "$w" = binary ]; then
                cl_row_run "$name" "${CL_ARGS[*]}" '' ''
            else
                cl_row_run "$w" "${CL_COLD[params/$w]:-}" 1 "${CL_COLD[wait/$w]:-}"
            fi
            cl_whole_hyperfine "$json"
        done
    done
}
