# shellcheck shell=bash
# harness/lib/probes.sh -- the machine's state as a harness reads it between
# measurements: clock, load, runnable tasks, CPU pressure, steal, the CPUs
# this harness may use. Builtins where they suffice: a probe that forks is a
# runnable task of its own. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

cl_now_ms() {
    local t=${EPOCHREALTIME/[.,]/}
    echo $((t / 1000))
}

cl_utc() { date -u +%Y-%m-%dT%H:%M:%S.%3NZ; }

cl_load1() {
    local l _
    read -r l _ </proc/loadavg
    echo "$l"
}

# Runnable tasks now, from /proc/stat (the reading shell included). Read with
# the builtin so no extra process is counted.
cl_procs_running() {
    local k v
    while read -r k v _; do
        if [ "$k" = procs_running ]; then echo "$v"; return; fi
    done </proc/stat
    echo -1
}

cl_psi_cpu() {
    local line
    if [ -r /proc/pressure/cpu ]; then
        while read -r line; do
            case $line in "${1:-some} "*) echo "${line#* }"; return ;; esac
        done </proc/pressure/cpu
    fi
    echo unavailable
}

cl_steal_ticks() {
    local steal
    read -r _ _ _ _ _ _ _ _ steal _ </proc/stat
    echo "${steal:-0}"
}

# cl_probe_key KEY: one machine fact of coldload-probe (empty when absent).
cl_probe_key() {
    "$CL_PROBE" 2>/dev/null | sed -n "s/^$1=//p"
}

# CPUs the cgroup grants (cgroup v2 cpu.max, else v1 CFS quota), "none" when unlimited.
cl_cpu_limit() { cl_probe_key cpu_limit; }

cl_cpus_online_count() { cl_probe_key cpus_online_count; }

# Busy when another task was runnable in each of three looks 50 ms apart
# (the looking shell is one), or when CPU pressure over those 100 ms (PSI
# `some`: the share of time a task waited for a CPU, from the growth of its
# `total` in µs) reaches COLDLOAD_BUSY_PSI percent (default 50). Both are
# instantaneous. load1 is not -- it lags a minute: after any earlier run it
# said "busy" on an idle machine (16 warnings with procs_running = 1, here).
# Nor is PSI's own avg10: seconds after a loaded run ended it still read 88 %,
# and 52 % some 15 s later, on an idle machine; it is in the message as context.
cl_busy_check() {
    local pr min=999 i k v t0 t1 p0 p1 share=0 thr=${COLDLOAD_BUSY_PSI:-50} avg10=unavailable
    t0=${EPOCHREALTIME/[.,]/}
    p0=$(cl_psi_some_total)
    for i in 1 2 3; do
        # Read here, not in $(cl_procs_running): a command substitution forks,
        # and the parent is often still runnable when the child reads, so an
        # idle machine would show 2.
        pr=-1
        while read -r k v _; do
            if [ "$k" = procs_running ]; then pr=$v; break; fi
        done </proc/stat
        [ "$pr" -lt "$min" ] && min=$pr
        [ "$i" -lt 3 ] && sleep 0.05
    done
    p1=$(cl_psi_some_total)
    t1=${EPOCHREALTIME/[.,]/}
    if [ -n "$p0" ] && [ -n "$p1" ] && [ "$t1" -gt "$t0" ]; then
        share=$(( (p1 - p0) * 100 / (t1 - t0) ))
    fi
    [[ $(cl_psi_cpu some) =~ avg10=([0-9.]+) ]] && avg10=${BASH_REMATCH[1]}%
    if [ "$min" -ge 2 ] || cl_ge "$share" "$thr"; then
        local msg="machine busy before $1 (procs_running=$min in 3 looks 50 ms apart, >= 2 is busy; CPU pressure $share% over them, >= $thr% is busy; PSI avg10 $avg10)"
        if [ "${CL_OPT[STRICT]}" = 1 ]; then
            cl_meta "${CL_NAME}_refused" "$msg"
            cl_die "$msg; refusing (--strict)" 3
        fi
        cl_warn "$msg; measuring anyway (--strict refuses)"
    fi
}

# PSI cpu `some` total stall time in µs, empty when the kernel has no PSI.
cl_psi_some_total() {
    local line
    [ -r /proc/pressure/cpu ] || return 0
    while read -r line; do
        case $line in "some "*) line=${line##*total=}; echo "${line%% *}"; return ;; esac
    done </proc/pressure/cpu
}

# cl_s_to_ms SECONDS: "1.25" -> 1250, in bash (GNU time prints two
# decimals; a third and more are cut, not rounded).
cl_s_to_ms() {
    local i=${1%%.*} f=
    [[ $1 == *.* ]] && f=${1#*.}
    f=${f}000
    echo $((10#${i:-0} * 1000 + 10#${f:0:3}))
}

# cl_ge A B: decimal A >= decimal B (no fork: both split at the point).
cl_ge() {
    local ai=${1%%.*} bi=${2%%.*} af bf
    af=${1#"$ai"}; af=${af#.}; bf=${2#"$bi"}; bf=${bf#.}
    while [ ${#af} -lt ${#bf} ]; do af+=0; done
    while [ ${#bf} -lt ${#af} ]; do bf+=0; done
    [ "$((10#${ai:-0}${af}))" -ge "$((10#${bi:-0}${bf}))" ]
}

# cl_cpu_list_expand LIST: "0-2,5" -> "0 1 2 5".
cl_cpu_list_expand() {
    local r c out=()
    for r in ${1//,/ }; do
        if [[ $r == *-* ]]; then
            for ((c = ${r%-*}; c <= ${r#*-}; c++)); do out+=("$c"); done
        else
            out+=("$r")
        fi
    done
    echo "${out[*]}"
}

# The CPUs this process may run on (its affinity list) that are online: a
# container's --cpuset-cpus, taskset or a cgroup cpuset narrows the first.
cl_cpus_usable() {
    local allowed online c out=()
    allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$$/status")
    online=" $(cl_cpu_list_expand "$(cat /sys/devices/system/cpu/online 2>/dev/null || echo "$allowed")") "
    for c in $(cl_cpu_list_expand "$allowed"); do
        [[ $online == *" $c "* ]] && out+=("$c")
    done
    echo "${out[*]}"
}
