# shellcheck shell=bash
# harness/lib/rounds.sh -- the shuffled rounds of warm.sh and loaded.sh:
# the order (seeded), the plan printed, which cells the stopping rule has
# not decided yet, every cell measured round by round, and the stopping
# rule's note in meta. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# cl_shuffle VAR ITEM...: VAR (the caller's array) = the items in a random
# order (Fisher-Yates on RANDOM, which the caller seeds once: the order of a
# whole run replays from its seed). Not $(cl_shuffle): bash reseeds RANDOM in
# every subshell. (Its locals are prefixed: VAR is never one of them.)
cl_shuffle() {
    local -n cl_sh_out=$1
    local cl_sh_i cl_sh_j cl_sh_t
    shift
    cl_sh_out=("$@")
    for ((cl_sh_i = ${#cl_sh_out[@]} - 1; cl_sh_i > 0; cl_sh_i--)); do
        cl_sh_j=$((RANDOM % (cl_sh_i + 1)))
        cl_sh_t=${cl_sh_out[cl_sh_i]} cl_sh_out[cl_sh_i]=${cl_sh_out[cl_sh_j]} cl_sh_out[cl_sh_j]=$cl_sh_t
    done
}

# cl_plan_print PHASE...: --dry-run's plan of warm.sh (PHASE none:0) or
# loaded.sh (one PHASE per load kind and size, KIND:S): the CPUs the defaults
# come from, then one line per cell with the processes it takes (3-7: the
# stopping rule's least and most; K: --procs K).
cl_plan_print() {
    local phase w width cells=0 procs=$CL_PROCS_MIN
    [ "$CL_PROCS_MIN" = "$CL_PROCS_MAX" ] || procs=$CL_PROCS_MIN-$CL_PROCS_MAX
    for phase in "$@"; do for width in $CL_WIDTHS; do for w in $CL_WORKLOADS; do cells=$((cells + 1)); done; done; done
    printf '# %s plan: %d CPUs%s, widths %s, %d cells, %s processes a cell, %d to %d processes\n' \
        "$CL_NAME" "$CL_NPROC" "$([ "$CL_NPROC_FAKE" = 1 ] && echo ' (COLDLOAD_NPROC)')" "$CL_WIDTHS" \
        "$cells" "$procs" $((cells * CL_PROCS_MIN)) $((cells * CL_PROCS_MAX))
    printf 'condition load stressors workload width procs\n'
    for phase in "$@"; do
        for width in $CL_WIDTHS; do
            for w in $CL_WORKLOADS; do
                printf '%s %s %s %s %s %s\n' "$CL_TAG_CONDITION" "${phase%%:*}" "${phase#*:}" "$w" "$width" "$procs"
            done
        done
    done
}

# cl_undecided VAR CELL...: VAR (the caller's array), the cells (workload:width) whose answer
# is not known yet under the current tags, by coldload-summarize --decided's
# plan (verdict/decide.h: the bootstrap interval against every threshold the
# cell is judged on), read by column name (cl_plan). A cell is its workload,
# width and params (the TRG's full-size and loaded-size cells are two); it
# is undecided when any of its groups is or when it has none (its processes
# failed). The tool failing keeps every cell: the rule may only stop a cell
# early, never lose one.
cl_undecided() {
    local -n cl_ud_out=$1
    local cl_ud_cell cl_ud_i cl_ud_seen cl_ud_open cl_ud_rows
    shift
    cl_ud_out=()
    # shellcheck disable=SC2153 # CL_OUT, the results directory (lib/results.sh), not CL_OPT
    if ! cl_plan "state workload width params" --decided --condition "$CL_TAG_CONDITION" \
        --load "$CL_TAG_LOAD" --stressors "$CL_TAG_STRESSORS" --copy "$CL_TAG_COPY" "$CL_OUT"; then
        cl_warn "coldload-summarize --decided failed (${CL_PLAN[error]}): every cell goes on"
        cl_ud_out=("$@")
        return 0
    fi
    cl_ud_rows=${CL_PLAN[n]}
    for cl_ud_cell in "$@"; do
        cl_cell "${cl_ud_cell%:*}"
        cl_ud_seen=0 cl_ud_open=0
        for ((cl_ud_i = 0; cl_ud_i < cl_ud_rows; cl_ud_i++)); do
            [ "${CL_PLAN[$cl_ud_i,workload]}:${CL_PLAN[$cl_ud_i,width]}" = "$CL_CELL_WORKLOAD:${cl_ud_cell#*:}" ] || continue
            cl_params_in "${CL_PLAN[$cl_ud_i,params]}" "$CL_CELL_PARAMS" || continue
            cl_ud_seen=1
            [ "${CL_PLAN[$cl_ud_i,state]}" = decided ] || cl_ud_open=1
        done
        if [ "$cl_ud_open" = 1 ] || [ "$cl_ud_seen" = 0 ]; then cl_ud_out+=("$cl_ud_cell"); fi
    done
}

# cl_params_in GROUP CELL: true when a summary group's params belong to a
# harness cell's: each k=v of the group is the cell's, or one value of the
# cell's list ks=v1,v2 (ising_trg runs betas=0.3,0.4 as one process, one
# group per beta=...). The TRG's full size and its loaded size are two cells.
cl_params_in() {
    local item k items
    IFS=';' read -ra items <<<"$1"
    for item in "${items[@]}"; do
        [[ ";$2;" != *";$item;"* ]] || continue
        k=${item%%=*}
        if [[ ";$2;" =~ \;${k}s=([^\;]*)\; ]] && [[ ",${BASH_REMATCH[1]}," == *",${item#*=},"* ]]; then continue; fi
        return 1
    done
}

# Rounds; in each, every (workload, width) cell still open once, in a
# shuffled order, so that no cell is always the first after the load starts
# (or the first after the previous harness) -- and each cell's processes are
# spread over the whole run rather than back to back. Rounds 1..CL_PROCS_MIN
# take every cell; after each later round only the cells cl_undecided keeps
# go on, up to CL_PROCS_MAX (--procs K: exactly K). stops.csv gets a row a
# cell (cl_stop_note: the processes it took, and whether it stopped decided,
# at the most or fixed).
cl_measure_all() {
    local cells=() undecided=() order=() cell width w p what=$CL_TAG_CONDITION key
    [ "$CL_TAG_CONDITION" = loaded ] && what+=" ($CL_TAG_LOAD load)"
    for width in $CL_WIDTHS; do
        for w in $CL_WORKLOADS; do cells+=("$w:$width"); done
    done
    for ((p = 1; p <= CL_PROCS_MAX; p++)); do
        if [ "$p" -gt "$CL_PROCS_MIN" ]; then
            cl_undecided undecided "${cells[@]}"
            cl_stop_note $((p - 1)) decided "${undecided[*]}" "${cells[@]}"
            [ ${#undecided[@]} -gt 0 ] || break
            cells=("${undecided[@]}")
        fi
        CL_TAG_PROC=$p
        cl_shuffle order "${cells[@]}"
        for cell in "${order[@]}"; do
            w=${cell%:*} width=${cell#*:}
            cl_progress "$what: $w width $width, process $p of $CL_PROCS_MIN-$CL_PROCS_MAX"
            if [ "$CL_TAG_CONDITION" = idle ]; then cl_busy_check "$w width $width"; fi
            cl_measure "$w" "$width"
        done
    done
    # what is still open after the last round stopped at the most
    if [ "$p" -gt "$CL_PROCS_MAX" ]; then
        if [ -n "${CL_OPT[PROCS]}" ]; then cl_stop_note "$CL_PROCS_MAX" fixed "" "${cells[@]}"
        else
            cl_undecided undecided "${cells[@]}"
            cl_stop_note "$CL_PROCS_MAX" decided "${undecided[*]}" "${cells[@]}"
            cl_stop_note "$CL_PROCS_MAX" max "" "${undecided[@]}"
        fi
    fi
    CL_TAG_PROC=1
}

# cl_stop_note P HOW OPEN CELL...: a row of <out>/stops.csv (cl_stop_row)
# for each CELL that stopped now (decided: not among OPEN, the undecided
# cells, blank-separated; max: at the most, undecided; fixed: --procs K), P
# its processes.
cl_stop_note() {
    local p=$1 how=$2 cell open_cells=()
    local -A open=()
    read -ra open_cells <<<"$3"
    shift 3
    if [ "$how" = decided ]; then for cell in "${open_cells[@]}"; do open[$cell]=1; done; fi
    for cell in "$@"; do
        [ -z "${open[$cell]:-}" ] || continue
        cl_stop_row "$CL_NAME" "$CL_TAG_LOAD" "$CL_TAG_STRESSORS" "${cell%:*}" "${cell#*:}" "$p" "$how"
    done
}

# cl_stop_row HARNESS LOAD S CELL W P HOW: one stop of the stopping rule as
# a row of <out>/stops.csv (its header first when it is new; the C side
# reads it by column name, model/stops.h): HARNESS's cell CELL at width W
# (both empty: the whole level, threads.sh's) under LOAD with S load
# workers stopped after P processes (rounds), HOW decided, max or fixed.
cl_stop_row() {
    local csv=$CL_OUT/stops.csv line
    [ -e "$csv" ] || cl_append "$csv" $'harness,load,stressors,cell,width,procs,how\n' || cl_write_failed "$csv"
    line=$(cl_csv_line "$@")
    cl_append "$csv" "$line"$'\n' || cl_write_failed "$csv"
}
