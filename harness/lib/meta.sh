# shellcheck shell=bash
# harness/lib/meta.sh -- meta.txt's machine sections: the machine's state
# before and after (coldload-probe --state), its facts (coldload-probe), the
# binaries' banner lines once per directory, each harness's begin and end
# keys, and the widths checked against the CPUs. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# cl_meta_probe PREFIX: the machine's state now (coldload-probe --state) as
# PREFIX_* keys. Silent when the probe is not built: cl_meta_begin has said so.
cl_meta_probe() {
    [ -x "$CL_PROBE" ] || return 0
    local out
    out=$("$CL_PROBE" --state --prefix "$1") || { cl_warn "coldload-probe --state failed"; return 0; }
    [ -n "$out" ] || return 0
    cl_append "$CL_META" "$out"$'\n' || cl_write_failed "$CL_META"
}

# The binaries' banner lines ("# p28_timing: width 1, wait block; ...") are
# kept raw as binary_banner lines; the facts in them come from coldload-probe
# (cl_meta_machine), not from parsing them back.
cl_meta_binary_comments() {
    local line
    while IFS= read -r line; do
        cl_meta binary_banner "${line#\# }"
    done < <(grep '^# ' "$1" || true)
}

cl_meta_machine() {
    grep -q '^cpu_model=' "$CL_META" 2>/dev/null && return 0
    local cc=${CC:-gcc} gov=unreadable
    [ -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor ] &&
        gov=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)
    cl_meta meta_written_by "coldload harness/lib/all.sh"
    cl_meta date_utc "$(cl_utc)"
    cl_meta host "$(hostname)"
    # CPUs, cgroup, memory, OpenBLAS, clock, placement: the probe's own keys
    local facts
    facts=$("$CL_PROBE") || cl_die "$CL_PROBE failed: machine facts not recorded"
    cl_append "$CL_META" "$facts"$'\n' || cl_write_failed "$CL_META"
    cl_meta container "$([ -e /.dockerenv ] || [ "${COLDLOAD_IN_CONTAINER:-}" = 1 ] && echo yes || echo no)"
    cl_meta kernel "$(uname -srvm)"
    cl_meta os "$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null)"
    cl_meta governor "$gov"
    local virt=none
    if type -P systemd-detect-virt >/dev/null; then
        virt=$(systemd-detect-virt 2>/dev/null || true)
    elif grep -q '^flags.* hypervisor' /proc/cpuinfo; then
        virt=hypervisor
    fi
    cl_meta virtualization "${virt:-none}"
    cl_meta user_is_root "$([ "$(id -u)" = 0 ] && echo yes || echo no)"
    # A container image carries build/buildinfo.txt (compiler, flags, git
    # revision, written where the binaries were built); a checkout asks
    # the compiler, make and git itself.
    local info=$CL_BUILD/buildinfo.txt
    if [ -r "$info" ]; then
        cl_meta compiler "$(sed -n 's/^compiler=//p' "$info")"
        cl_meta build_flags "$(sed -n 's/^build_flags=//p' "$info")"
        cl_meta git_rev "$(sed -n 's/^git_rev=//p' "$info")"
        cl_meta git_describe "$(sed -n 's/^git_describe=//p' "$info")"
        cl_meta build_info "$info"
    else
        cl_meta compiler "$("$cc" --version 2>/dev/null | head -n1)"
        cl_meta build_flags "$(make -s --no-print-directory -C "$CL_ROOT" harness-print-cflags 2>/dev/null || echo unknown)"
        cl_meta git_rev "$(git -C "$CL_ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
        cl_meta git_dirty "$(git -C "$CL_ROOT" status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo yes || echo no)"
    fi
    cl_meta openblas_num_threads "OPENBLAS_NUM_THREADS=<width> for coldload's binaries (cold runs: 1); --binary runs keep their environment"
    cl_meta bash_version "$BASH_VERSION"
    cl_meta hyperfine_version "$(hyperfine --version 2>/dev/null || echo absent)"
    cl_meta stress_ng_version "$(stress-ng --version 2>/dev/null || echo absent)"
    cl_meta openblas_library "$(ldd "$CL_BUILD/p28_timing" 2>/dev/null | awk '/openblas/ { print $3; exit }')"
}

# Settings and the start probe of this harness run; cl_meta_end closes it.
cl_meta_begin() {
    local p=$CL_NAME
    [ -x "$CL_PROBE" ] || cl_die "$CL_PROBE is missing: build it with 'make'" 2
    cl_meta_machine
    cl_meta "${p}_command" "$CL_CMDLINE"
    cl_meta "${p}_out" "$CL_OUT"
    cl_meta "${p}_quick" "${CL_OPT[QUICK]}"
    cl_meta "${p}_budget_s" "$CL_BUDGET"
    cl_meta "${p}_precision" "$CL_PRECISION"
    cl_meta "${p}_watchdog_s" "$CL_WATCHDOG_S"
    cl_meta "${p}_runs" "$CL_RUNS"
    cl_meta "${p}_strict" "${CL_OPT[STRICT]}"
    cl_meta_probe "${p}_start"
    CL_STEAL0=$(cl_steal_ticks)
    CL_OWN_CPU0=$(cl_own_cpu_ms)
}

# cl_idle_begin, cl_idle_end: the probes around a job's idle level, for a
# harness whose job also measures under load (threads.sh, ab.sh) and
# summarises before its end probe: NAME_idle_start_*, NAME_idle_end_* and
# NAME_idle_own_cpu_ms, what the idle-busy check reads (model/pressure.h).
cl_idle_begin() {
    cl_meta_probe "${CL_NAME}_idle_start"
    CL_IDLE_OWN0=$(cl_own_cpu_ms)
}

cl_idle_end() {
    [ -n "${CL_IDLE_OWN0:-}" ] || return 0
    cl_meta "${CL_NAME}_idle_own_cpu_ms" "$(( $(cl_own_cpu_ms) - CL_IDLE_OWN0 ))"
    cl_meta_probe "${CL_NAME}_idle_end"
    CL_IDLE_OWN0=
}

# cl_own_cpu_ms: CPU time in ms this harness and every child it has reaped
# took so far (/proc/$$/stat's utime, stime, cutime, cstime: the launcher
# and the runs it waited for included). Between the start and end probes,
# meta's NAME_own_cpu_ms: what the machine's busy time (cpu_busy_ms) less it
# leaves is other tasks'. Read with the builtin: $$ is this harness in a
# $(...) too.
cl_own_cpu_ms() {
    local st f hz
    read -r st <"/proc/$$/stat" || { echo 0; return 0; }
    read -ra f <<<"${st##*) }"
    hz=${CL_CLK_TCK:-$(getconf CLK_TCK)}
    echo $(( (f[11] + f[12] + f[13] + f[14]) * 1000 / hz ))
}

cl_meta_end() {
    local rc=$1 p=$CL_NAME
    [ -n "$CL_META" ] && [ -e "$CL_META" ] || return 0
    cl_meta "${p}_own_cpu_ms" "$(( $(cl_own_cpu_ms) - ${CL_OWN_CPU0:-0} ))"
    cl_meta_probe "${p}_end"
    cl_meta "${p}_steal_ms" "$(( ($(cl_steal_ticks) - ${CL_STEAL0:-0}) * 1000 / $(getconf CLK_TCK) ))"
    cl_meta "${p}_elapsed_s" "$(( ($(cl_now_ms) - CL_STARTED_MS) / 1000 ))"
    cl_meta "${p}_failures" "$CL_FAILURES"
    cl_meta "${p}_warnings" "$CL_WARNINGS"
    [ -n "$CL_SIGNAL" ] && cl_meta "${p}_interrupted_by" "SIG$CL_SIGNAL"
    cl_meta "${p}_exit_status" "$rc"
}

# A width above the CPUs the machine (or the cgroup) gives is measured anyway
# -- oversubscription is one of the page's effects -- but said.
cl_check_widths() {
    local w n limit online facts
    facts=$("$CL_PROBE")
    n=$(sed -n 's/^nproc=//p' <<<"$facts")
    online=$(sed -n 's/^cpus_online_count=//p' <<<"$facts")
    limit=$(sed -n 's/^cpu_limit=//p' <<<"$facts")
    for w in $CL_WIDTHS; do
        if [ "$w" -gt "$n" ] || { [ "$online" -gt 0 ] && [ "$w" -gt "$online" ]; }; then
            cl_warn "width $w exceeds the visible CPUs (nproc=$n, online=$online)"
        elif [ "$limit" != none ] && ! cl_ge "$limit" "$w"; then
            cl_warn "width $w exceeds the cgroup CPU limit ($limit CPUs, /sys/fs/cgroup/cpu.max)"
        fi
    done
}

# The binaries' `# ...` lines (OpenBLAS config, clock) go into meta once per directory.
cl_meta_binary_once() {
    grep -q '^binary_banner=' "$CL_META" 2>/dev/null || cl_meta_binary_comments "$1"
}
