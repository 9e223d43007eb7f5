# shellcheck shell=bash
# harness/lib/load.sh -- the CPU load of loaded.sh: stress-ng workers in a
# process group of their own, started, checked (pinned: each on its CPU) and
# stopped on every exit path. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# CL_STRESS: the load program of the moment, this file's state: its pid and
# pgid (empty when none runs, which the clean-up reads), kind, n (workers),
# workers ("pid@cpus" of a pinned load, for meta), starting (1 while it is
# being started), and timeout_s, stress-ng's --timeout, which a script sets
# before cl_stress_start (the measurements' need plus a margin).
declare -gA CL_STRESS=([pid]='' [pgid]='' [kind]='' [n]='' [workers]='' [starting]=0)

# cl_stress_start KIND S: S CPU load workers (KIND pinned or free), in one
# process group of their own, up and running before it returns.
cl_stress_start() {
    local kind=$1 s=$2 base tmp i want cpus=() targets=()
    base=$(cl_unique "$CL_OUT/logs/stress-ng-$kind-cpu$s" .out)
    # stress-ng refuses to start unless its temp path is writable, and its
    # default is the working directory (in the image: /opt/coldload, not
    # writable by the user the container runs as).
    cl_tmpdir tmp
    CL_STRESS[kind]=$kind CL_STRESS[n]=$s CL_STRESS[workers]=
    # The workers get their own process group (job control, set -m: a
    # background job leads a group of its own), which cl_stress_stop kills
    # whole -- but stay in this session: with kernel.sched_autogroup_enabled=1,
    # a new session (setsid) is a new scheduling group that CFS shares the
    # CPUs with fairly, which shields the measurement from the load (the
    # figures: docs/architecture.md, "The load shares the measurement's session").
    # Should the harness itself be SIGKILLed (no trap runs), setpriv's
    # parent-death signal TERMs stress-ng (pinned: the leader shell, whose
    # death TERMs each stress-ng the same way), which stops its workers; its
    # own --timeout (the measurements' need plus a margin, loaded.sh) is the
    # last resort behind that.
    local bg0=${!:-}
    CL_STRESS[starting]=1
    if [ "$kind" = free ]; then
        set -m
        setpriv --pdeathsig TERM stress-ng --cpu "$s" --timeout "${CL_STRESS[timeout_s]:-3600}s" \
            --temp-path "$tmp" >"$base.out" 2>"$base.err" </dev/null {CL_LOCK_FD}>&- &
        want=$((s + 1))   # the parent and S workers
    else
        # Free workers go where the load balancer puts them, and it sometimes
        # leaves a CPU to the engine's threads (six processes here: one
        # 2064 ms, five 6-7 ms). One worker bound to each CPU leaves no such
        # placement: every process was 1900-2300 ms.
        read -ra cpus <<<"$(cl_cpus_usable)"
        [ ${#cpus[@]} -gt 0 ] || cl_die "no usable CPU found (affinity list ∩ /sys/devices/system/cpu/online)"
        for ((i = 0; i < s; i++)); do targets+=("${cpus[i % ${#cpus[@]}]}"); done
        # One leader shell (the group) starts one stress-ng per target and
        # writes "pid cpu" for each on fd 3.
        set -m
        # shellcheck disable=SC2016
        setpriv --pdeathsig TERM bash -c 't=$1 d=$2; shift 2
                for c; do setpriv --pdeathsig TERM stress-ng --cpu 1 --taskset "$c" --timeout "$t" \
                    --temp-path "$d" 3>&- & echo "$! $c" >&3; done
                wait' cl-stress-pinned "${CL_STRESS[timeout_s]:-3600}s" "$tmp" "${targets[@]}" \
            >"$base.out" 2>"$base.err" 3>"$base.workers" </dev/null {CL_LOCK_FD}>&- &
        want=$((2 * s + 1))   # the leader, S stress-ng parents and S workers
    fi
    CL_STRESS[pid]=$!
    set +m
    CL_STRESS[pgid]=${CL_STRESS[pid]}
    CL_STRESS[starting]=0
    [ "${CL_STRESS[pid]}" != "$bg0" ] || cl_die "internal: stress-ng was not started"
    # (a full disk here is the one line of every other write; the clean-up
    # stops the load, its group known)
    cl_put "$CL_OUT/stress-ng.pgid" "${CL_STRESS[pgid]}"$'\n' || cl_write_failed "$CL_OUT/stress-ng.pgid"
    cl_stress_wait_established "$kind" "$s" "$want" "$base"
    [ "$kind" = pinned ] && cl_stress_check_pinned "$base.workers"
    return 0
}

# cl_stress_wait_established KIND S WANT BASE: the load just started is
# established -- its WANT processes exist and the runnable count shows its S
# workers -- or 5 s have passed (a warning then); one that died or wrote an
# error without its processes is a failure (BASE.err quoted).
cl_stress_wait_established() {
    local kind=$1 s=$2 want=$3 base=$4 i n
    for i in $(seq 50); do
        n=$(cl_pgid_count "${CL_STRESS[pgid]}")
        if [ "$n" -ge "$want" ] && [ "$(cl_procs_running)" -ge "$s" ]; then break; fi
        if ! cl_pid_alive "${CL_STRESS[pid]}" || { [ -s "$base.err" ] && [ "$n" -lt "$want" ] && [ "$i" -gt 10 ]; }; then
            if cl_disk_full "$CL_OUT"; then cl_die_disk_full; fi
            cl_die "stress-ng ($kind, $s workers) did not start: $(head -n1 "$base.err" 2>/dev/null || echo "no message") (see $base.err)"
        fi
        sleep 0.1
    done
    if [ "$(cl_pgid_count "${CL_STRESS[pgid]}")" -lt "$want" ] || [ "$(cl_procs_running)" -lt "$s" ]; then
        cl_warn "load not established after 5 s ($kind, $s workers: $(cl_pgid_count "${CL_STRESS[pgid]}") of $want processes, procs_running $(cl_procs_running))"
    fi
}

# cl_stress_check_pinned WORKERS_FILE: every stress-ng process of the group
# (each parent and its worker) may run only on its CPU, read back from
# /proc/PID/status; CL_STRESS[workers] lists "pid@cpus_allowed". A worker
# elsewhere is a failure: the measurement would not be the pinned one.
cl_stress_check_pinned() {
    local pid ppid c allowed bad=() list=()
    declare -A cpu_of=()
    while read -r pid c; do cpu_of[$pid]=$c; done <"$1"
    while read -r pid ppid; do
        c=${cpu_of[$pid]:-${cpu_of[$ppid]:-}}
        [ -n "$c" ] || continue    # the leader shell
        allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null) || continue
        [ -n "$allowed" ] || continue   # gone meanwhile
        list+=("$pid@$allowed")
        [ "$allowed" = "$c" ] || bad+=("pid $pid allowed on $allowed, wanted $c")
    done < <(cl_pgid_pids "${CL_STRESS[pgid]}")
    CL_STRESS[workers]=${list[*]}
    [ ${#bad[@]} -eq 0 ] || cl_die "pinned load is not pinned: ${bad[*]}"
    # (the leader writes the workers' list on the results disk)
    if [ ${#list[@]} -lt "$((2 * CL_STRESS[n]))" ] && cl_disk_full "$CL_OUT"; then cl_die_disk_full; fi
    [ ${#list[@]} -ge "$((2 * CL_STRESS[n]))" ] ||
        cl_die "pinned load: found ${#list[@]} stress-ng processes, want $((2 * CL_STRESS[n])) (see $1)"
}

cl_stress_stop() {
    # A signal between starting stress-ng and noting its pid: $! is it.
    if [ -z "${CL_STRESS[pgid]}" ] && [ "${CL_STRESS[starting]:-0}" = 1 ] && [ -n "${!:-}" ]; then
        CL_STRESS[pid]=$! CL_STRESS[pgid]=$!
    fi
    [ -n "${CL_STRESS[pgid]}" ] || return 0
    if [ "$CL_CLEANING" = 0 ] && ! cl_pgid_alive "${CL_STRESS[pgid]}"; then
        cl_warn "stress-ng (pgid ${CL_STRESS[pgid]}) ended before the measurements did (its --timeout ${CL_STRESS[timeout_s]:-3600}s?): the last rows may not be loaded"
    fi
    cl_group_stop "${CL_STRESS[pgid]}" "${CL_STRESS[pid]}"
    CL_STRESS[pgid]=
    CL_STRESS[pid]=
    CL_STRESS[starting]=0
}
