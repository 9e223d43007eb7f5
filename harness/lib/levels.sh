# shellcheck shell=bash
# harness/lib/levels.sh -- the load levels of harness/threads.sh (sourced by
# it alone): each level's rounds and the rule that stops them, the slow
# limits the idle runs give, and the CPU-quota level. They read and set
# threads.sh's state (cells, deadline_hit, idle_ms, slow_after, slow_stop,
# quota) and run its threads_cells_round.

# threads.sh declares those (slow_after is an associative array there) and
# reads the tags set here.
# shellcheck disable=SC2154,SC2034,SC2004

# threads_level_rounds LOAD STRESSORS: the rounds of one load level, and
# why they stopped (meta threads_stop_<load>_s<S>): decided (its answer is
# known), max (--max-procs) or fixed (--procs K).
threads_level_rounds() {
    local p how=max state rest
    for ((p = 1; p <= CL_PROCS_MAX; p++)); do
        [ "$deadline_hit" = 0 ] || return 0
        threads_cells_round "$p"
        if [ "$p" -lt "$CL_PROCS_MIN" ] || [ "$p" -ge "$CL_PROCS_MAX" ]; then continue; fi
        state=$("$CL_BUILD/coldload-summarize" --threads-decided --load "$1" \
            --stressors "$([ "$1" = none ] && echo 0 || echo "$2")" "$CL_OUT" 2>/dev/null) ||
            state=undecided
        IFS=$'\t' read -r state rest <<<"$state"
        if [ "$state" = decided ]; then how=decided; break; fi
    done
    [ "$CL_PROCS_MIN" != "$CL_PROCS_MAX" ] || how=fixed
    cl_meta "threads_stop_$1_s$([ "$1" = none ] && echo 0 || echo "$2")" "$how $(( p > CL_PROCS_MAX ? CL_PROCS_MAX : p ))"
}

# threads_slow_limits: after the idle runs, each width's time past which a
# loaded run is known slow: --slow-stop x its idle median, when below the cap.
threads_slow_limits() {
    local c med
    [ "$slow_stop" != 0 ] || return 0
    for c in "${cells[@]}"; do
        [ -n "${idle_ms[$c]:-}" ] || continue
        med=$(tr ' ' '\n' <<<"${idle_ms[$c]}" | sed '/^$/d' | sort -g |
            awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }')
        slow_after[$c]=$(awk -v m="$med" -v f="$slow_stop" -v b="$CL_BUDGET" \
            'BEGIN { s = m * f / 1000; if (s > 0 && (b == 0 || s < b)) printf "%.3f", s }')
        [ -z "${slow_after[$c]}" ] ||
            cl_meta threads_slow_after "width $c: ${slow_after[$c]} s ($slow_stop x the idle median ${med} ms)"
    done
}

# threads_quota_level: the quota level -- no load program, each run under a
# CPU quota of $quota CPUs (its cgroup: coldload-run --quota), what a
# container or a Kubernetes pod limited to that many CPUs gets on this
# machine. Skipped with one line (meta threads_quota_skipped) where no quota
# can be set: a user without a delegated cgroup, a container.
threads_quota_level() {
    local why
    [ "$deadline_hit" = 0 ] || return 0
    if ! why=$("$CL_BUILD/coldload-run" --quota "$quota" -- true 2>&1 >/dev/null); then
        why=${why#coldload-run: }
        cl_meta threads_quota_skipped "${why%%$'\n'*}"
        cl_warn "quota level skipped: ${why%%$'\n'*}"
        return 0
    fi
    CL_TAG_CONDITION=loaded CL_TAG_STRESSORS=$quota CL_TAG_LOAD=quota
    printf 'coldload threads: a CPU quota of %s CPUs, no load program\n' "$quota" >&2
    threads_level_rounds quota "$quota"
}
