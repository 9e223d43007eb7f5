# shellcheck shell=bash
# harness/lib/levels.sh -- the load levels of harness/threads.sh (sourced by
# it alone): each level's rounds and the rule that stops them, the remedies
# tried where threads hurt, the slow limits the idle runs give, and the
# CPU-quota level. They read and set the threads job's state (CL_TH and its
# per-cell arrays, owned and documented by harness/lib/cellrun.sh: cells,
# again_on, deadline_hit, skip_default, level_rounds, rows_dir, run_env,
# CL_TH_IDLE_MS, CL_TH_SLOW_AFTER ...) and run cellrun.sh's threads_run; the
# tags of a level (CL_TAG_*) are set here for the runs to read.

# threads_past_total: 0 (true) once --total has passed; the runs not
# started then are missing (meta threads_total_s says so).
threads_past_total() {
    [ -n "${CL_TH[total]}" ] || return 1
    awk -v e="$(( ($(cl_now_ms) - CL_STARTED_MS) / 1000 ))" -v t="${CL_TH[total]}" 'BEGIN { exit !(e >= t) }' || return 1
    threads_set deadline_hit 1
}

# threads_cells_round PROC [MAX]: every cell once, in a shuffled order (the
# default cell left out once CL_TH[skip_default] is set: it is a width's
# twin and that width is known slow at this level).
threads_cells_round() {
    local order=() cells=() c
    read -ra cells <<<"${CL_TH[cells]}"
    for c in "${cells[@]}"; do
        [ "$c" = default ] && [ "${CL_TH[skip_default]}" = 1 ] || order+=("$c")
    done
    cl_shuffle order "${order[@]}"   # the one shuffle (harness/lib/rounds.sh)
    for c in "${order[@]}"; do
        ! threads_past_total || return 0
        cl_progress "width $c, load $CL_TAG_LOAD, run $1 (of at most ${2:-$CL_PROCS_MAX})"
        threads_run "$c" "$1" 0
    done
}

# threads_again: after the first idle round, where no cell is a twin of
# another (no default cell that is a width's, not one configuration: the
# plan's again column, verdict/answerthreads.h), the narrowest width is run
# again in every further round, idle and loaded, as a cell of its own
# (`again`, copy=again): its spread against its width's cell is each
# level's A/A noise floor, measured in this job (as make ab's A again).
threads_again() {
    local loads=() stressors=() w=${CL_TH[again_width]}
    [ "${CL_TH[again_on]}" = 0 ] || return 0
    cl_plan "again" --threads-decided --load none --stressors 0 "$CL_OUT" || return 0
    [ "${CL_PLAN[n]}" -gt 0 ] && [ "${CL_PLAN[0,again]}" = again ] || return 0
    threads_set again_on 1
    threads_set cells "${CL_TH[cells]} again"
    read -ra loads <<<"${CL_TH[loads]}"
    read -ra stressors <<<"${CL_TH[stressors]}"
    CL_PROG[n]=$(( CL_PROG[n] + CL_PROCS_MAX * (1 + (${#loads[@]} - 1) * ${#stressors[@]}) ))
    cl_meta threads_again "width $w run again from idle round 2 on, in the same shuffled rounds: no cell was a twin of another; its spread against width $w is each level's A/A noise floor"
}

# threads_level_rounds LOAD STRESSORS: the rounds of one load level, and
# why they stopped (a row of stops.csv, cl_stop_row, its cell and width
# empty: the whole level): decided (its answer is known), max (--max-procs)
# or fixed (--procs K). After each round coldload-summarize
# --threads-decided's plan for the level says (by column name, cl_plan)
# whether it is decided and whether the default cell may be skipped; the
# tool failing is undecided.
#
# The idle level may go past --max-procs: its best-width set is what every
# loaded level is read against, and where the program is quick its runs
# cost little. While it is open after --max-procs rounds, and the rounds so
# far took less than THREADS_IDLE_EXTRA_MS, it takes more, up to
# THREADS_IDLE_ROUNDS_X x --max-procs (how: `decided` or `max` as before).
# A program whose idle runs take a second stops where it did; QUICK and
# --procs K take exactly what they say.
THREADS_IDLE_EXTRA_MS=10000
THREADS_IDLE_ROUNDS_X=3
threads_level_rounds() {
    local p how=max state skip s max=$CL_PROCS_MAX t0
    threads_set skip_default 0
    t0=$(cl_now_ms)
    if [ "$1" = none ] && [ "$CL_PROCS_MIN" != "$CL_PROCS_MAX" ] && [ "${CL_OPT[QUICK]}" != 1 ]; then
        max=$((THREADS_IDLE_ROUNDS_X * CL_PROCS_MAX))
    fi
    for ((p = 1; p <= max; p++)); do
        [ "${CL_TH[deadline_hit]}" = 0 ] || return 0
        threads_cells_round "$p" "$max"
        [ "$1" != none ] || [ "$p" != 1 ] || threads_again
        # the idle level's extra rounds: only while they stay cheap
        if [ "$p" -ge "$CL_PROCS_MAX" ] && [ $(($(cl_now_ms) - t0)) -ge "$THREADS_IDLE_EXTRA_MS" ]; then
            max=$p
        fi
        # asked after every round under load (the default cell's twin), and
        # from --procs-min on whether the level is decided
        if [ "$p" -ge "$max" ] || { [ "$p" -lt "$CL_PROCS_MIN" ] && [ "$1" = none ]; }; then continue; fi
        state=undecided skip=-
        if cl_plan "state skip" --threads-decided --load "$1" \
            --stressors "$([ "$1" = none ] && echo 0 || echo "$2")" "$CL_OUT" && [ "${CL_PLAN[n]}" -gt 0 ]; then
            state=${CL_PLAN[0,state]} skip=${CL_PLAN[0,skip]}
        fi
        if [ "$skip" = skip-default ] && [ "${CL_TH[skip_default]}" = 0 ]; then
            threads_set skip_default 1
            cl_meta "threads_default_skipped_$1_s$2" "after round $p: the default cell is a width's twin (its threads in every run) and that width was stopped as known slow"
        fi
        [ "$p" -ge "$CL_PROCS_MIN" ] || continue
        if [ "$state" = decided ]; then how=decided; break; fi
    done
    [ "$CL_PROCS_MIN" != "$CL_PROCS_MAX" ] || how=fixed
    threads_set level_rounds $(( p > max ? max : p ))
    s=$2
    [ "$1" != none ] || s=0
    cl_stop_row threads "$1" "$s" "" "" "${CL_TH[level_rounds]}" "$how"
}

# threads_remedies LOAD STRESSORS: after a level's rounds, under its load,
# what fixes it here (verdict/remedy.h): coldload-summarize names what to try
# -- a setting on the default cell, the width of the CPUs the load leaves
# free -- and each gets as many runs as the level's rounds, into
# remedies/<id>/, a results directory of its own (its rows never join the
# cells'). Meta threads_remedy_<load>_s<S> lists them.
threads_remedies() {
    local i id width setting cell p n=${CL_TH[level_rounds]:-3} tried=() rows_dir
    [ "${CL_TH[remedies_mode]}" != off ] && [ "${CL_TH[deadline_hit]}" = 0 ] || return 0
    if ! cl_plan "id width setting" --threads-remedies "${CL_TH[remedies_mode]}" \
        --load "$1" --stressors "$2" "$CL_OUT"; then
        cl_warn "load $1: the remedies could not be chosen: ${CL_PLAN[error]}"
        return 0
    fi
    # the plan's rows kept: each remedy's runs ask coldload-summarize nothing,
    # but CL_PLAN is the last plan read
    local nplan=${CL_PLAN[n]} ids=() widths=() settings=()
    for ((i = 0; i < nplan; i++)); do
        ids+=("${CL_PLAN["$i,id"]}") widths+=("${CL_PLAN["$i,width"]}") settings+=("${CL_PLAN["$i,setting"]}")
    done
    [ "$nplan" -gt 0 ] || return 0
    CL_PROG[n]=$(( CL_PROG[n] + n * nplan ))
    for ((i = 0; i < nplan; i++)); do
        id=${ids[i]} width=${widths[i]} setting=${settings[i]}
        # coldload-summarize's own words; checked all the same, never run as code
        [[ $id =~ ^[rw][0-9]+$ && $width =~ ^[0-9]+$ && $setting =~ ^([A-Z_][A-Z0-9_]*=[A-Za-z0-9._-]+)?$ ]] ||
            cl_die "coldload-summarize --threads-remedies wrote an unreadable row: $id $width $setting"
        cell=$width
        [ "$width" != 0 ] || cell=default
        rows_dir=$CL_OUT/remedies/$id
        threads_set rows_dir "$rows_dir"
        threads_set run_env "$setting"
        # a directory of ours, never a link planted there (cl_results_dir)
        cl_results_dir "$CL_OUT/remedies"
        cl_results_dir "$rows_dir"
        cp --remove-destination -- "$CL_OUT/runs-columns.tsv" "$rows_dir/runs-columns.tsv" ||
            cl_die "$rows_dir/runs-columns.tsv: could not be written"
        local stopped_runs=0
        for ((p = 1; p <= n; p++)); do
            ! threads_past_total || break
            cl_progress "remedy ${setting:-width $width} (width $cell), load $CL_TAG_LOAD, run $p of $n"
            threads_run "$cell" "$p" 0
            # A run stopped once known slow (or at the cap) counts as at least
            # its bound, which lies far above the best width (12x the idle
            # median of its width): once more than half the runs are so
            # stopped, the median is a bound above the best whatever the rest
            # take -- it does not fix it, and more slow runs only cost.
            case ${CL_TH[last_status]} in cut | slow) stopped_runs=$((stopped_runs + 1)) ;; esac
            if ((2 * stopped_runs > n)); then
                cl_meta "threads_remedy_decided_$1_s$2" "$id after $p of $n runs: $stopped_runs stopped, its median a bound"
                CL_PROG[n]=$((CL_PROG[n] - (n - p)))
                break
            fi
        done
        tried+=("$id ${setting:-width $width}")
    done
    threads_set rows_dir ''
    threads_set run_env ''
    local IFS=';'
    cl_meta "threads_remedy_$1_s$2" "${tried[*]}"
}

# threads_slow_limits: after the idle runs, each width's time past which a
# loaded run is known slow: --slow-stop x its idle median, when below the cap.
threads_slow_limits() {
    local c med cells=() slow_stop=${CL_TH[slow_stop]}
    [ "$slow_stop" != 0 ] || return 0
    read -ra cells <<<"${CL_TH[cells]}"
    for c in "${cells[@]}"; do
        [ -n "${CL_TH_IDLE_MS[$c]:-}" ] || continue
        med=$(tr ' ' '\n' <<<"${CL_TH_IDLE_MS[$c]}" | sed '/^$/d' | sort -g |
            awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }')
        # shellcheck disable=SC2004 # an associative array's key (lib/cellrun.sh), not arithmetic
        CL_TH_SLOW_AFTER[$c]=$(awk -v m="$med" -v f="$slow_stop" -v b="$CL_BUDGET" \
            'BEGIN { s = m * f / 1000; if (s > 0 && (b == 0 || s < b)) printf "%.3f", s }')
        [ -z "${CL_TH_SLOW_AFTER[$c]}" ] ||
            cl_meta threads_slow_after "width $c: ${CL_TH_SLOW_AFTER[$c]} s ($slow_stop x the idle median ${med} ms)"
    done
}

# threads_inherited_quota NUSABLE: a CPU limit this shell already runs under (docker
# --cpus N, a pod's limit: coldload-probe's cpu_limit): every cell ran under
# it, idle included -- the quota level seen from inside. Said in meta
# (threads_inherited_quota, "none" without one) and in the report.
threads_inherited_quota() {
    local lim
    lim=$(cl_cpu_limit)
    if ! [[ $lim =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
        cl_meta threads_inherited_quota none
        return 0
    fi
    cl_meta threads_inherited_quota "$lim"
    cl_warn "an inherited CPU quota of $lim CPUs (this machine's own cgroup: docker --cpus, a pod's limit) holds every run, the idle ones too; $1 CPUs are usable by their affinity"
}

# threads_quota_level: the quota level -- no load program, each run under a
# CPU quota of CL_TH[quota] CPUs (its cgroup: coldload-run --quota), what a
# container or a Kubernetes pod limited to that many CPUs gets on this
# machine. Skipped with one line (meta threads_quota_skipped) where no quota
# can be set: a user without a delegated cgroup, a container.
threads_quota_level() {
    local why quota=${CL_TH[quota]}
    [ "${CL_TH[deadline_hit]}" = 0 ] || return 0
    if ! why=$("$CL_BUILD/coldload-run" --quota "$quota" -- true 2>&1 >/dev/null); then
        why=${why#coldload-run: }
        cl_meta threads_quota_skipped "${why%%$'\n'*}"
        cl_warn "quota level skipped: ${why%%$'\n'*}"
        return 0
    fi
    # shellcheck disable=SC2034 # the level's tags, read by cl_tags (lib/csv.sh)
    CL_TAG_CONDITION=loaded CL_TAG_STRESSORS=$quota CL_TAG_LOAD=quota
    printf 'coldload threads: a CPU quota of %s CPUs, no load program\n' "$quota" >&2
    threads_level_rounds quota "$quota"
    threads_remedies quota "$quota"
}
