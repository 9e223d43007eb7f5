# shellcheck shell=bash
# harness/lib.sh -- code shared by coldload's harnesses (cold.sh, warm.sh,
# loaded.sh, and report.sh). Sourced, never run: it defines functions and
# CL_* variables; the scripts keep `set -euo pipefail` themselves.
#
# Why one library: the three harnesses write into one results directory
# (samples.csv, whole.csv, meta.txt, logs/, hyperfine/) and must agree on its
# layout, on how a child is run and logged, and on how stress-ng is stopped.
#
# Set-up
#   cl_init NAME "$@"          harness name (cold|warm|loaded|report): messages, meta key prefix;
#                              the arguments are recorded as NAME_command in meta
#   cl_defaults                CL_OPT_* from the COLDLOAD_* environment (flags override)
#   cl_common_opt ARGS...      one common flag at $1: returns 0 and sets CL_SHIFT, or 1 (not common)
#       --out DIR  --quick  --widths LIST  --stressors LIST  --budget SECONDS  --runs N
#       --procs K  --load pinned|free|both  --seed N
#       --strict  -h|--help (calls the script's usage function, exit 0)
#   cl_optval ARGS...          dies with usage when flag $1 has no value (or one starting with --)
#   cl_finalize_opts           validates CL_OPT_*, applies QUICK/normal defaults (exit 2 when bad)
#   cl_parse_common ARGS...    for scripts with only the common flags: parse all, then finalize
#   cl_usage_error MSG         "coldload NAME: MSG" + usage on stderr, exit 2
#   cl_die MSG [RC]            one line on stderr, exit RC (default 1)
#   cl_warn MSG                warning on stderr, and a `warning=` line in meta once it exists
#   cl_need_tools TOOL...      every TOOL on PATH, else one line naming the Debian packages, exit 2
#   cl_need_binary PATH        an executable coldload binary, else "run make", exit 2
# Results directory
#   cl_results_init            CL_OUT (default $COLDLOAD_RESULTS or results/, + <UTC stamp>-<host>;
#                              <that parent>/latest points at the newest directory made there),
#                              logs/ hyperfine/, header checks of samples.csv/whole.csv, exit 2 when unwritable;
#                              holds an exclusive flock on <out>/.lock (a second writer: exit 2)
#   cl_unique PATH SUFFIX      PATH (or PATH-2, -3...) such that PATH$SUFFIX does not exist yet
#   cl_meta KEY VALUE...       appends `key=value` to meta.txt (newlines become spaces)
#   cl_meta_machine            machine, toolchain, OpenBLAS, git keys, once per directory
#   cl_meta_probe PREFIX       load1, loadavg, procs_running, PSI, steal ticks as PREFIX_* keys
#   cl_meta_begin / cl_meta_end   the harness's settings and start/end probes (cl_traps calls the end)
#   cl_check_widths            warns (and notes in meta) when a width exceeds the CPUs available
# Probes
#   cl_load1, cl_procs_running, cl_psi_cpu [some|full], cl_steal_ticks, cl_cpu_limit, cl_now_ms
#   cl_busy_check WHAT         before an idle measurement: warn, or exit 3 with --strict
# Running things
#   cl_traps                   EXIT/INT/TERM/HUP handlers: stop the child and stress-ng, close meta;
#                              further INT/TERM/HUP are ignored while cleaning up
#   cl_exec STEP CMD...        runs CMD (watchdog, interruptible) logging logs/STEP.out/.err; returns its status
#   cl_exec_timed STEP CMD...  the same under GNU time: sets CL_WALL_MS CL_USER_MS CL_SYS_MS CL_MINFLT CL_MAJFLT CL_RC
#   cl_progress_start N / cl_progress WHAT   "step i/N, what, elapsed, ~remaining" on stderr
#   cl_stress_start KIND S / cl_stress_stop  S stress-ng CPU workers in one process group (PGID in
#                                            $CL_OUT/stress-ng.pgid); stopped on every exit path.
#                                            KIND pinned: one `stress-ng --cpu 1 --taskset C` per
#                                            worker, C round-robin over cl_cpus_usable, checked;
#                                            KIND free: one unbound `stress-ng --cpu S`
#   cl_cpus_usable             the CPUs this harness may run on: affinity list ∩ online
#   cl_pgid_count PGID / cl_pgid_alive PGID   live (non-zombie) processes in process group PGID
#   cl_group_stop PGID PID [TENTHS]   TERM the group (or PID), grace (5 s), KILL, reap PID (bounded)
#   cl_pid_alive PID           PID runs (is not a zombie)
# CSV
#   cl_csv_line FIELD...       one RFC 4180 line on stdout (fields quoted when they must be)
#   cl_whole_time LABEL RUN    appends the last cl_exec_timed as a tool=time row of whole.csv
#   cl_whole_hyperfine JSON    appends one whole.csv row per run of a hyperfine JSON export
#       both take the row's tags from CL_TAG_CONDITION CL_TAG_STRESSORS CL_TAG_COPY CL_TAG_LOAD
#       CL_TAG_PROC and what ran
#       from CL_RUN_WORKLOAD CL_RUN_PARAMS CL_RUN_WIDTH CL_RUN_WAIT
#   cl_tags                    CL_TAGS: the --tag flags for the binaries (CL_SAMPLES_TAGS, in order)
#   cl_samples_lines           rows in samples.csv now (to find the rows a run added)
#   cl_samples_field FROM COL  COL of the first samples.csv row after line FROM (empty when none)
# Measurements (warm.sh and loaded.sh)
#   cl_measure_all             CL_PROCS rounds of every (workload, width) cell, each round in a
#                              shuffled order (RANDOM seeded with CL_SEED), proc tag = the round

# Variables set here are read by the scripts that source this file.
# shellcheck disable=SC2034

export LC_ALL=C   # decimal points, sort order and awk numbers must not depend on the locale

CL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CL_BUILD=${COLDLOAD_BUILD:-$CL_ROOT/build}         # where the binaries are
CL_RESULTS=${COLDLOAD_RESULTS:-$CL_ROOT/results}   # parent of the default results dirs
CL_NAME=harness
CL_OUT=
CL_META=
CL_SAMPLES=
CL_WHOLE=
CL_CHILD=
CL_STRESS_PID=
CL_STRESS_PGID=
CL_TMPDIRS=()
CL_LOCK_FD=
CL_CLEANING=0
CL_DYING=0
CL_SHIFT=1
CL_STARTED_MS=
CL_SIGNAL=
CL_FAILURES=0
CL_WARNINGS=0
CL_PROG_N=0
CL_PROG_I=0
CL_PROG_T0=0

# The samples.csv tags the harness adds, in this order (README "Files a run writes").
CL_TAG_HARNESS=
CL_TAG_CONDITION=idle
CL_TAG_STRESSORS=0
CL_TAG_COPY=warm
CL_TAG_LOAD=none   # none (idle), pinned or free
CL_TAG_PROC=1      # the process's index (1..K) within its cell
CL_RUN_WORKLOAD=
CL_RUN_PARAMS=
CL_RUN_WIDTH=
CL_RUN_WAIT=

CL_WHOLE_HEADER=timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,proc
CL_SAMPLES_TAGS=harness,condition,stressors,copy,load,proc

# ---------------------------------------------------------------- messages
cl_init() {
    CL_NAME=$1
    CL_TAG_HARNESS=$1
    shift
    cl_supervise "$@"
    CL_CMDLINE="$0${*:+ $*}"
    CL_STARTED_MS=$(cl_now_ms)
}

# cl_supervise ARGS...: runs this script again as a child with ARGS and
# waits for it, passing INT, TERM and HUP on; exits with the child's status,
# or 128+n when a signal came. Returns at once in that child.
#
# Why: bash 5.2 can fail to parse a trap's command when the signal lands
# while the shell expands a $(...) ("trap: line 2: unexpected EOF while
# looking for matching `)'"): the handler never runs and the script exits 2
# (its EXIT trap still cleans up) -- 1 in 200 interrupted loaded.sh runs
# here. A parent that does nothing but wait expands nothing when a signal
# comes, so it always knows the signal: it forwards it, waits for the
# child's clean-up, exits 128+n and, when the child lost the signal, says so
# in meta. The trade-off is one more bash process per harness. The child
# gets TERM when this parent dies (parent-death signal), so a SIGKILLed
# supervisor still leaves nothing running.
cl_supervise() {
    [ "${COLDLOAD_SUPERVISOR:-}" = "$PPID" ] && return 0
    local child rc=0 sig='' outf out='' n
    outf=$(mktemp "${TMPDIR:-/tmp}/coldload-out.XXXXXX") || return 0   # unsupervised, then
    trap 'sig=${sig:-INT}; kill -INT "$child" 2>/dev/null' INT
    trap 'sig=${sig:-TERM}; kill -TERM "$child" 2>/dev/null' TERM
    trap 'sig=${sig:-HUP}; kill -HUP "$child" 2>/dev/null' HUP
    cl_pdeath TERM env --default-signal=INT,TERM,HUP COLDLOAD_SUPERVISOR=$$ COLDLOAD_OUT_FILE="$outf" \
        bash "$0" "$@" &
    child=$!
    # wait returns early for each trap; the child's status comes when it is
    # reaped (`|| rc=$?`: the scripts run under set -e)
    while kill -0 "$child" 2>/dev/null; do
        rc=0
        wait "$child" || rc=$?
    done
    [ -s "$outf" ] && read -r out <"$outf"
    rm -f -- "$outf"
    if [ -n "$sig" ]; then
        case $sig in INT) n=130 ;; TERM) n=143 ;; *) n=129 ;; esac
        if [ "$rc" != "$n" ] && [ -n "$out" ] && [ -f "$out/meta.txt" ]; then
            printf '%s\n' "${CL_NAME}_interrupted_by=SIG$sig" "${CL_NAME}_exit_status=$n" \
                "warning=$CL_NAME: the harness lost SIG$sig (bash's trap parse defect, exit $rc); its supervisor kept it" \
                >>"$out/meta.txt"
        fi
        rc=$n
    fi
    exit "$rc"
}

# The reason also goes into meta (NAME_error), so that report.sh can say
# which half of the report is missing and why.
cl_die() {
    CL_DYING=1
    printf 'coldload %s: %s\n' "$CL_NAME" "$1" >&2
    if [ -n "$CL_META" ] && [ -e "$CL_META" ]; then cl_meta "${CL_NAME}_error" "$1"; fi
    exit "${2:-1}"
}

cl_usage_error() {
    CL_DYING=1
    printf 'coldload %s: %s\n' "$CL_NAME" "$1" >&2
    if declare -F usage >/dev/null; then usage >&2; fi
    exit 2
}

cl_warn() {
    printf 'coldload %s: warning: %s\n' "$CL_NAME" "$1" >&2
    CL_WARNINGS=$((CL_WARNINGS + 1))
    if [ -n "$CL_META" ] && [ -e "$CL_META" ]; then cl_meta warning "$CL_NAME: $1"; fi
}

# ---------------------------------------------------------------- options
cl_defaults() {
    CL_OPT_OUT=${COLDLOAD_OUT:-}
    CL_OPT_QUICK=${COLDLOAD_QUICK:-0}
    CL_OPT_WIDTHS=${COLDLOAD_WIDTHS:-}
    CL_OPT_STRESSORS=${COLDLOAD_STRESSORS:-}
    CL_OPT_BUDGET=${COLDLOAD_BUDGET:-}
    CL_OPT_RUNS=${COLDLOAD_RUNS:-}
    CL_OPT_STRICT=${COLDLOAD_STRICT:-0}
    CL_OPT_PROCS=${COLDLOAD_PROCS:-}
    CL_OPT_LOAD=${COLDLOAD_LOAD:-}
    CL_OPT_SEED=${COLDLOAD_SEED:-}
    case $CL_OPT_QUICK in 1|yes|true) CL_OPT_QUICK=1 ;; *) CL_OPT_QUICK=0 ;; esac
    case $CL_OPT_STRICT in 1|yes|true) CL_OPT_STRICT=1 ;; *) CL_OPT_STRICT=0 ;; esac
}

# A value starting with -- is the next flag, not a value: `--out --quick`
# must not create a directory named --quick.
cl_optval() {
    if [ $# -lt 2 ] || [ -z "$2" ]; then cl_usage_error "$1 needs a value"; fi
    if [[ $2 == --* ]]; then cl_usage_error "$1 needs a value, got the flag '$2'"; fi
}

cl_common_opt() {
    CL_SHIFT=1
    case $1 in
        --out) cl_optval "$@"; CL_OPT_OUT=$2; CL_SHIFT=2 ;;
        --quick) CL_OPT_QUICK=1 ;;
        --widths) cl_optval "$@"; CL_OPT_WIDTHS=$2; CL_SHIFT=2 ;;
        --stressors) cl_optval "$@"; CL_OPT_STRESSORS=$2; CL_SHIFT=2 ;;
        --budget) cl_optval "$@"; CL_OPT_BUDGET=$2; CL_SHIFT=2 ;;
        --runs) cl_optval "$@"; CL_OPT_RUNS=$2; CL_SHIFT=2 ;;
        --procs) cl_optval "$@"; CL_OPT_PROCS=$2; CL_SHIFT=2 ;;
        --load) cl_optval "$@"; CL_OPT_LOAD=$2; CL_SHIFT=2 ;;
        --seed) cl_optval "$@"; CL_OPT_SEED=$2; CL_SHIFT=2 ;;
        --strict) CL_OPT_STRICT=1 ;;
        -h|--help) if declare -F usage >/dev/null; then usage; fi; exit 0 ;;
        *) return 1 ;;
    esac
}

# cl_int NAME VALUE LO HI: VALUE is a decimal integer in LO..HI, else usage error.
cl_int() {
    if ! [[ $2 =~ ^[0-9]{1,9}$ ]] || [ "$((10#$2))" -lt "$3" ] || [ "$((10#$2))" -gt "$4" ]; then
        cl_usage_error "$1: expected an integer in $3..$4, got '$2'"
    fi
}

# cl_num NAME VALUE LO HI: VALUE is a decimal number in LO..HI (LO excluded when 0).
cl_num() {
    if ! [[ $2 =~ ^[0-9]+(\.[0-9]+)?$|^\.[0-9]+$ ]] ||
        ! awk -v v="$2" -v lo="$3" -v hi="$4" 'BEGIN { exit !((lo == 0 ? v > 0 : v >= lo) && v <= hi) }'; then
        cl_usage_error "$1: expected a number of seconds, > $3 and <= $4, got '$2'"
    fi
}

# cl_int_list NAME LIST LO HI: echoes LIST ("1 2", "1,2") as space-separated integers.
cl_int_list() {
    local item out=()
    for item in ${2//,/ }; do
        cl_int "$1" "$item" "$3" "$4"
        out+=("$((10#$item))")
    done
    [ ${#out[@]} -gt 0 ] || cl_usage_error "$1: expected a list of integers in $3..$4, got '$2'"
    echo "${out[*]}"
}

# cl_parse_common "$@": the whole command line of a script that takes only
# the common options, then cl_finalize_opts.
cl_parse_common() {
    while [ $# -gt 0 ]; do
        cl_common_opt "$@" || cl_usage_error "unknown option '$1'"
        shift "$CL_SHIFT"
    done
    cl_finalize_opts
}

cl_finalize_opts() {
    local n
    n=$(nproc)
    # K processes per cell multiply the time: the budget per process is
    # smaller than one long process's was (60 s, QUICK 10 s), so that a
    # default report stays under 20 min on 2 CPUs (QUICK under 4 min) even
    # when every loaded width-2 call takes 2 s.
    if [ "$CL_OPT_QUICK" = 1 ]; then
        CL_BUDGET=${CL_OPT_BUDGET:-6}
        CL_RUNS=${CL_OPT_RUNS:-5}
        CL_PROCS=${CL_OPT_PROCS:-3}
    else
        CL_BUDGET=${CL_OPT_BUDGET:-20}
        CL_RUNS=${CL_OPT_RUNS:-20}
        CL_PROCS=${CL_OPT_PROCS:-5}
    fi
    cl_num --budget "$CL_BUDGET" 0 86400
    cl_int --runs "$CL_RUNS" 1 100000
    CL_RUNS=$((10#$CL_RUNS))
    cl_int --procs "$CL_PROCS" 1 100
    CL_PROCS=$((10#$CL_PROCS))
    case ${CL_OPT_LOAD:-both} in
        both) CL_LOADS="pinned free" ;;
        pinned|free) CL_LOADS=$CL_OPT_LOAD ;;
        *) cl_usage_error "--load: expected pinned, free or both, got '$CL_OPT_LOAD'" ;;
    esac
    # The shuffle's seed: given, or from the clock -- either way in meta, so
    # an order can be replayed with --seed.
    CL_SEED=${CL_OPT_SEED:-$(( ${EPOCHREALTIME/[.,]/} % 1000000007 ))}
    cl_int --seed "$CL_SEED" 0 999999999
    CL_SEED=$((10#$CL_SEED))
    if [ -n "$CL_OPT_WIDTHS" ]; then
        CL_WIDTHS=$(cl_int_list --widths "$CL_OPT_WIDTHS" 1 256)
    elif [ "$n" -gt 1 ]; then
        CL_WIDTHS="1 $((n < 8 ? n : 8))"
    else
        CL_WIDTHS=1
    fi
    if [ -n "$CL_OPT_STRESSORS" ]; then
        CL_STRESSORS=$(cl_int_list --stressors "$CL_OPT_STRESSORS" 1 1024)
    else
        CL_STRESSORS=$n
    fi
    # QUICK trims the TRG too: one beta, small chi, fewer steps (page: 4 betas, chi 16, 20 steps, min of 3).
    if [ "$CL_OPT_QUICK" = 1 ]; then
        CL_TRG_BETAS=0.3 CL_TRG_CHI=8 CL_TRG_STEPS=10 CL_TRG_RUNS=2
    else
        CL_TRG_BETAS=0.3,0.4,0.5,0.6 CL_TRG_CHI=16 CL_TRG_STEPS=20 CL_TRG_RUNS=3
    fi
    if [ -n "$CL_OPT_RUNS" ]; then CL_TRG_RUNS=$CL_RUNS; fi
    # Under load a 2-thread TRG call is ~400x slower than idle (chi 16, 20
    # steps: ~2 min a call), so the loaded runs take one beta at chi 8, 10
    # steps (~4 s a call under pinned load here) and warm.sh measures that
    # cell idle too, for the ratio. QUICK's TRG already is that small.
    if [ "$CL_OPT_QUICK" = 1 ]; then
        CL_TRG_LOADED_BETAS=$CL_TRG_BETAS
    else
        CL_TRG_LOADED_BETAS=0.4
    fi
    CL_TRG_LOADED_CHI=8 CL_TRG_LOADED_STEPS=10
    # A measurement that outlives its budget this much is stuck (a call cannot
    # be cut short, and a series makes a first and one steady call whatever
    # the budget): the watchdog ends it. Under load one 2-thread TRG call took
    # 55 s here (0.4 s idle), so the TRG gets 2 more minutes per beta.
    local nb
    nb=$(awk -F, '{ print NF }' <<<"$CL_TRG_BETAS")
    CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" -v n="$nb" 'BEGIN { printf "%d", 4 * b + 120 * n }')
}

# ---------------------------------------------------------------- tools
cl_pkg_of() {
    case $1 in
        time) echo time ;;
        ldd) echo libc-bin ;;
        setsid|mincore) echo util-linux ;;
        perl) echo perl-base ;;
        timeout|nproc|mktemp|realpath) echo coreutils ;;
        strace) echo strace ;;
        readelf) echo binutils ;;
        ldconfig) echo libc-bin ;;
        *) echo "$1" ;;
    esac
}

cl_need_tools() {
    local t missing=() pkgs=()
    for t in "$@"; do
        if ! type -P "$t" >/dev/null; then
            missing+=("$t")
            pkgs+=("$(cl_pkg_of "$t")")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    cl_die "missing ${missing[*]}: install the Debian package(s) ${pkgs[*]} (apt-get install ${pkgs[*]}, or make deps)" 2
}

cl_need_binary() {
    [ -x "$1" ] || cl_die "$1 is missing: build it with 'make'" 2
}

# ---------------------------------------------------------------- probes
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

# CPUs the cgroup grants (cgroup v2 cpu.max, else v1 CFS quota), "none" when unlimited.
cl_cpu_limit() {
    local quota period
    if [ -r /sys/fs/cgroup/cpu.max ]; then
        read -r quota period </sys/fs/cgroup/cpu.max
    elif [ -r /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
        quota=$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us)
        period=$(cat /sys/fs/cgroup/cpu/cpu.cfs_period_us)
        [ "$quota" -lt 0 ] && quota=max
    fi
    if [ -z "${quota:-}" ] || [ "$quota" = max ]; then echo none; return; fi
    awk -v q="$quota" -v p="$period" 'BEGIN { printf "%.2f", q / p }'
}

cl_cpus_online_count() {
    local range n=0 a b r
    range=$(cat /sys/devices/system/cpu/online 2>/dev/null) || { echo -1; return; }
    for r in ${range//,/ }; do
        a=${r%-*} b=${r#*-}
        n=$((n + b - a + 1))
    done
    echo "$n"
}

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
        if [ "$CL_OPT_STRICT" = 1 ]; then
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

# cl_ge A B: decimal A >= decimal B (no fork: both split at the point).
cl_ge() {
    local ai=${1%%.*} bi=${2%%.*} af bf
    af=${1#"$ai"}; af=${af#.}; bf=${2#"$bi"}; bf=${bf#.}
    while [ ${#af} -lt ${#bf} ]; do af+=0; done
    while [ ${#bf} -lt ${#af} ]; do bf+=0; done
    [ "$((10#${ai:-0}${af}))" -ge "$((10#${bi:-0}${bf}))" ]
}

# ---------------------------------------------------------------- results dir
cl_results_init() {
    local link=0 probe
    CL_OUT=$CL_OPT_OUT
    if [ -z "$CL_OUT" ]; then
        CL_OUT=$CL_RESULTS/$(date -u +%Y%m%dT%H%M%SZ)-$(hostname)
    fi
    mkdir -p -- "$CL_OUT" "$CL_OUT/logs" "$CL_OUT/hyperfine" 2>/dev/null ||
        cl_die "cannot create the output directory $CL_OUT" 2
    probe=$(mktemp "$CL_OUT/.write-test.XXXXXX" 2>/dev/null) ||
        cl_die "output directory $CL_OUT is not writable" 2
    rm -f -- "$probe"
    CL_OUT=$(cd "$CL_OUT" && pwd)
    # tell the supervisor where meta is (cl_supervise)
    if [ -n "${COLDLOAD_OUT_FILE:-}" ]; then printf '%s\n' "$CL_OUT" >"$COLDLOAD_OUT_FILE"; fi
    cl_lock
    if [ -d "$CL_RESULTS" ] && [ "$(dirname "$CL_OUT")" = "$(cd "$CL_RESULTS" && pwd)" ]; then link=1; fi
    CL_META=$CL_OUT/meta.txt
    CL_SAMPLES=$CL_OUT/samples.csv
    CL_WHOLE=$CL_OUT/whole.csv
    # Found now, not after every measurement: a samples.csv or whole.csv that
    # is not a regular file (a FIFO would block the binaries' open) or cannot
    # be appended to (read-only, immutable) in an otherwise writable directory.
    local f
    for f in "$CL_SAMPLES" "$CL_WHOLE" "$CL_OUT/meta.txt"; do
        if [ -e "$f" ] && [ ! -f "$f" ]; then cl_die "$f is not a regular file: use another --out" 2; fi
        if [ -e "$f" ] && ! { : >>"$f"; } 2>/dev/null; then cl_die "$f cannot be appended to: use another --out" 2; fi
    done
    # Refuse before measuring rather than mix two layouts in one file.
    if [ -s "$CL_SAMPLES" ]; then
        local h
        IFS= read -r h <"$CL_SAMPLES"
        [[ $h == *",$CL_SAMPLES_TAGS" ]] ||
            cl_die "$CL_SAMPLES has another header (not ending in $CL_SAMPLES_TAGS): use another --out" 2
    fi
    if [ -s "$CL_WHOLE" ]; then
        local h
        IFS= read -r h <"$CL_WHOLE"
        [ "$h" = "$CL_WHOLE_HEADER" ] || cl_die "$CL_WHOLE has another header: use another --out" 2
    else
        echo "$CL_WHOLE_HEADER" >>"$CL_WHOLE"
    fi
    touch "$CL_META"
    if [ "$link" = 1 ]; then ln -sfn "$(basename "$CL_OUT")" "$CL_RESULTS/latest"; fi
    printf 'coldload %s: results in %s\n' "$CL_NAME" "$CL_OUT" >&2
}

# cl_lock: one writer per results directory. Two runs into one --out would
# clobber each other's log names and mix their rows; the second is refused.
# The lock is an flock on <out>/.lock held by an fd for the whole run;
# report.sh's harnesses inherit that fd (COLDLOAD_LOCK_FD) and so hold the
# same lock, while the binaries and stress-ng are started without it.
cl_lock() {
    local fd=${COLDLOAD_LOCK_FD:-}
    if [[ $fd =~ ^[0-9]+$ ]] && [ "$(readlink "/proc/$$/fd/$fd" 2>/dev/null)" = "$(readlink -f "$CL_OUT/.lock")" ]; then
        CL_LOCK_FD=$fd
    else
        exec {CL_LOCK_FD}>>"$CL_OUT/.lock" || cl_die "cannot open the lock $CL_OUT/.lock" 2
    fi
    if ! flock -n "$CL_LOCK_FD"; then
        local holder
        holder=$(fuser "$CL_OUT/.lock" 2>/dev/null | tr -s ' ' || true)
        CL_OUT=''   # not ours: nothing of the other run's may be touched on exit
        cl_die "another coldload run is writing into this directory (flock on its .lock is held${holder:+ by pid$holder}): wait for it or use another --out" 2
    fi
    export COLDLOAD_LOCK_FD=$CL_LOCK_FD
}

# cl_unique PATH SUFFIX: never reuse a log or export name, so re-running into
# the same directory keeps what the earlier run wrote.
cl_unique() {
    local p=$1 i=2
    while [ -e "$p$2" ]; do
        p=$1-$i
        i=$((i + 1))
    done
    echo "$p"
}

cl_meta() {
    local k=$1
    shift
    local v="$*"
    v=${v//$'\n'/ }
    printf '%s=%s\n' "$k" "$v" >>"$CL_META"
}

cl_meta_probe() {
    cl_meta "$1_utc" "$(cl_utc)"
    cl_meta "$1_load1" "$(cl_load1)"
    cl_meta "$1_loadavg" "$(cat /proc/loadavg)"
    cl_meta "$1_procs_running" "$(cl_procs_running)"
    cl_meta "$1_psi_cpu_some" "$(cl_psi_cpu some)"
    cl_meta "$1_psi_cpu_full" "$(cl_psi_cpu full)"
    cl_meta "$1_steal_ticks" "$(cl_steal_ticks)"
}

# The binaries' banner ("# p28_timing: width 1, wait block; OpenBLAS pthread
# threads 1, core Zen, <config>" and "# clock CLOCK_MONOTONIC, 30 ns per
# reading; ...") is kept raw as binary_banner lines, and its OpenBLAS and
# clock facts as keys of their own.
cl_meta_binary_comments() {
    local line
    while IFS= read -r line; do
        cl_meta binary_banner "${line#\# }"
        if [[ $line =~ wait\ ([a-z]+)\;\ OpenBLAS\ ([^ ]+)\ threads\ [0-9]+,\ core\ ([^,]+),\ (.*)$ ]]; then
            cl_meta binary_default_wait "${BASH_REMATCH[1]}"
            cl_meta openblas_parallel "${BASH_REMATCH[2]}"
            cl_meta openblas_corename "${BASH_REMATCH[3]}"
            cl_meta openblas_config "${BASH_REMATCH[4]}"
        elif [[ $line =~ clock\ ([A-Z_]+),\ ([0-9.]+)\ ns\ per\ reading ]]; then
            cl_meta clock "${BASH_REMATCH[1]}"
            cl_meta clock_overhead_ns "${BASH_REMATCH[2]}"
        elif [[ $line =~ ^\#\ placement\ (.*)$ ]]; then
            cl_meta placement "${BASH_REMATCH[1]}"
        fi
    done < <(grep '^# ' "$1" || true)
}

cl_meta_machine() {
    grep -q '^cpu_model=' "$CL_META" 2>/dev/null && return 0
    local cc=${CC:-gcc} gov=unreadable
    [ -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor ] &&
        gov=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)
    cl_meta meta_written_by "coldload harness/lib.sh"
    cl_meta date_utc "$(cl_utc)"
    cl_meta host "$(hostname)"
    cl_meta cpu_model "$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
    cl_meta nproc "$(nproc)"
    cl_meta cpus_online "$(cat /sys/devices/system/cpu/online 2>/dev/null || echo unreadable)"
    cl_meta cpus_online_count "$(cl_cpus_online_count)"
    cl_meta cgroup_cpu_max "$(cat /sys/fs/cgroup/cpu.max 2>/dev/null || echo absent)"
    cl_meta cgroup_v1_cfs_quota_period "$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/cpu/cpu.cfs_period_us 2>/dev/null | paste -sd' ' || true)"
    cl_meta cpus_allowed "$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)"
    cl_meta sched_autogroup_enabled "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo absent)"
    cl_meta container "$([ -e /.dockerenv ] || [ "${COLDLOAD_IN_CONTAINER:-}" = 1 ] && echo yes || echo no)"
    cl_meta cpu_limit "$(cl_cpu_limit)"
    cl_meta kernel "$(uname -srvm)"
    cl_meta os "$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null)"
    cl_meta governor "$gov"
    cl_meta mem_total_kb "$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)"
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
    cl_meta clk_tck "$(getconf CLK_TCK)"
    cl_meta openblas_library "$(ldd "$CL_BUILD/p28_timing" 2>/dev/null | awk '/openblas/ { print $3; exit }')"
}

# Settings and the start probe of this harness run; cl_meta_end closes it.
cl_meta_begin() {
    local p=$CL_NAME
    cl_meta_machine
    cl_meta "${p}_command" "$CL_CMDLINE"
    cl_meta "${p}_out" "$CL_OUT"
    cl_meta "${p}_quick" "$CL_OPT_QUICK"
    cl_meta "${p}_budget_s" "$CL_BUDGET"
    cl_meta "${p}_watchdog_s" "$CL_WATCHDOG_S"
    cl_meta "${p}_runs" "$CL_RUNS"
    cl_meta "${p}_strict" "$CL_OPT_STRICT"
    cl_meta_probe "${p}_start"
    CL_STEAL0=$(cl_steal_ticks)
}

cl_meta_end() {
    local rc=$1 p=$CL_NAME
    [ -n "$CL_META" ] && [ -e "$CL_META" ] || return 0
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
    local w n limit online
    n=$(nproc)
    online=$(cl_cpus_online_count)
    limit=$(cl_cpu_limit)
    for w in $CL_WIDTHS; do
        if [ "$w" -gt "$n" ] || { [ "$online" -gt 0 ] && [ "$w" -gt "$online" ]; }; then
            cl_warn "width $w exceeds the visible CPUs (nproc=$n, online=$online)"
        elif [ "$limit" != none ] && awk -v w="$w" -v l="$limit" 'BEGIN { exit !(w > l) }'; then
            cl_warn "width $w exceeds the cgroup CPU limit ($limit CPUs, /sys/fs/cgroup/cpu.max)"
        fi
    done
}

# ---------------------------------------------------------------- lifecycle
# Clean-up must finish whatever arrives meanwhile: report.sh sends its child
# a second TERM, a closing terminal sends HUP after an INT. So INT, TERM and
# HUP are ignored (not reset to their default, which would kill us half-way
# and orphan stress-ng) from the first signal on; the first one's name and
# exit status are kept.
cl_on_exit() {
    local rc=$?
    set +e
    trap '' INT TERM HUP
    trap - EXIT
    CL_CLEANING=1
    # bash 5.2 can fail to parse a trap's command when the signal lands while
    # it is expanding a $(...) ("trap: line 2: unexpected EOF while looking
    # for matching `)'", status 2, the handler never runs). The signal is
    # then lost; say so rather than pass it off as an ordinary exit 2.
    if [ "$rc" = 2 ] && [ -z "$CL_SIGNAL" ] && [ "$CL_DYING" = 0 ]; then
        CL_SIGNAL=UNKNOWN
    fi
    cl_child_stop
    cl_stress_stop
    cl_meta_end "$rc"
    local d
    for d in "${CL_TMPDIRS[@]}"; do rm -rf -- "$d"; done
    # and one a signal caught between its mktemp and its registration
    if [ -n "$CL_OUT" ]; then rm -rf -- "$CL_OUT/.tmp.$$."*; fi
    if [ -n "$CL_SIGNAL" ]; then
        printf 'coldload %s: interrupted by SIG%s; results so far kept in %s\n' "$CL_NAME" "$CL_SIGNAL" "${CL_OUT:-(none)}" >&2
    fi
    exit "$rc"
}

# cl_on_signal NAME STATUS: the first signal wins; later ones (and the ones
# arriving while cl_on_exit runs) are ignored.
cl_on_signal() {
    trap '' INT TERM HUP
    if [ -z "$CL_SIGNAL" ]; then CL_SIGNAL=$1; fi
    [ "$CL_CLEANING" = 1 ] && return 0
    exit "$2"
}

# Each trap calls one function with its signal's name and status as literal
# words: nothing is built or expanded when the signal comes.
cl_traps() {
    trap cl_on_exit EXIT
    trap 'cl_on_signal INT 130' INT
    trap 'cl_on_signal TERM 143' TERM
    trap 'cl_on_signal HUP 129' HUP
}

# cl_tmpdir VAR: a directory removed on exit, on the results' file system (a
# copy on tmpfs could not be evicted). Its name holds our pid, so cl_on_exit
# finds it even when a signal came before it was registered.
cl_tmpdir() {
    local d
    d=$(mktemp -d "$CL_OUT/.tmp.$$.XXXXXX")
    CL_TMPDIRS+=("$d")
    printf -v "$1" '%s' "$d"
}

# The child is `timeout`, which leads its own process group (the command's
# too), or, in report.sh, a harness that stops its own children on TERM.
cl_child_stop() {
    [ -n "$CL_CHILD" ] || return 0
    cl_group_stop "$CL_CHILD" "$CL_CHILD" 150
    CL_CHILD=
}

cl_exec() {
    local step=$1 base
    shift
    base=$(cl_unique "$CL_OUT/logs/$step" .out)
    CL_LOG=$base
    # Backgrounded and waited for, so a signal to the harness is handled at
    # once (bash defers traps while a foreground child runs). setpriv gives
    # timeout a parent-death signal: should the harness be SIGKILLed (no trap
    # runs), timeout gets TERM and passes it to its group, so no orphaned
    # binary goes on appending rows. The lock's fd stays with the harness.
    cl_pdeath TERM timeout --kill-after=10 "$CL_WATCHDOG_S" "$@" >"$base.out" 2>"$base.err" </dev/null {CL_LOCK_FD}>&- &
    CL_CHILD=$!
    local rc=0
    wait "$CL_CHILD" || rc=$?
    CL_CHILD=
    CL_RC=$rc
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        cl_warn "$step: stopped by the watchdog after ${CL_WATCHDOG_S}s"
    fi
    return "$rc"
}

# cl_pdeath SIG CMD...: CMD gets SIG when the harness dies (util-linux
# setpriv --pdeathsig, PR_SET_PDEATHSIG); CMD alone where setpriv is missing.
cl_pdeath() {
    local sig=$1
    shift
    if type -P setpriv >/dev/null; then
        exec setpriv --pdeathsig "$sig" "$@"
    fi
    exec "$@"
}

cl_exec_timed() {
    local step=$1 t0 t1 tf line
    shift
    tf=$(cl_unique "$CL_OUT/logs/$step" .out)
    t0=$(cl_now_ms)
    CL_RC=0
    cl_exec "$(basename "$tf")" "$(type -P time)" -o "$tf.time" -f '%e %U %S %R %F %x' "$@" || true
    t1=$(cl_now_ms)
    CL_WALL_MS=$((t1 - t0))
    CL_USER_MS='' CL_SYS_MS='' CL_MINFLT='' CL_MAJFLT=''
    line=$(tail -n1 "$tf.time" 2>/dev/null || true)
    if [[ $line =~ ^([0-9.]+)\ ([0-9.]+)\ ([0-9.]+)\ ([0-9]+)\ ([0-9]+)\ (-?[0-9]+)$ ]]; then
        CL_USER_MS=$(awk -v s="${BASH_REMATCH[2]}" 'BEGIN { printf "%.0f", s * 1000 }')
        CL_SYS_MS=$(awk -v s="${BASH_REMATCH[3]}" 'BEGIN { printf "%.0f", s * 1000 }')
        CL_MINFLT=${BASH_REMATCH[4]}
        CL_MAJFLT=${BASH_REMATCH[5]}
    fi
    # GNU time says "Command terminated by signal N" and exits with the
    # child's status otherwise.
    if grep -q 'terminated by signal' "$tf.time" 2>/dev/null; then
        CL_RC=$((128 + $(sed -n 's/.*terminated by signal \([0-9]*\).*/\1/p' "$tf.time" | head -n1)))
    fi
    return "$CL_RC"
}

cl_progress_start() {
    CL_PROG_N=$1
    CL_PROG_I=0
    CL_PROG_T0=$(cl_now_ms)
}

cl_progress() {
    local el left="?"
    CL_PROG_I=$((CL_PROG_I + 1))
    el=$(( ($(cl_now_ms) - CL_PROG_T0) / 1000 ))
    if [ "$CL_PROG_I" -gt 1 ]; then
        left="~$(( el * (CL_PROG_N - CL_PROG_I + 1) / (CL_PROG_I - 1) ))s"
    fi
    printf 'coldload %s [%d/%d] %s | elapsed %ds | %s left\n' "$CL_NAME" "$CL_PROG_I" "$CL_PROG_N" "$1" "$el" "$left" >&2
}

# ---------------------------------------------------------------- stress-ng
# cl_pgid_count PGID: live (non-zombie) processes in process group PGID.
cl_pgid_count() {
    local f s state pgrp n=0
    for f in /proc/[0-9]*/stat; do
        read -r s 2>/dev/null <"$f" || continue   # gone meanwhile
        # comm may hold spaces and parentheses: the fields start after the last ") ".
        read -r state _ pgrp _ <<<"${s##*) }"
        if [ "$pgrp" = "$1" ] && [ "$state" != Z ]; then n=$((n + 1)); fi
    done
    echo "$n"
}

cl_pgid_alive() {
    [ "$(cl_pgid_count "$1")" -gt 0 ]
}

# cl_pgid_pids PGID: "pid ppid" of each live process in process group PGID.
cl_pgid_pids() {
    local f s state ppid pgrp
    for f in /proc/[0-9]*/stat; do
        read -r s 2>/dev/null <"$f" || continue
        read -r state ppid pgrp _ <<<"${s##*) }"
        if [ "$pgrp" = "$1" ] && [ "$state" != Z ]; then
            f=${f#/proc/}
            echo "${f%/stat} $ppid"
        fi
    done
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

# cl_stress_start KIND S: S CPU load workers (KIND pinned or free), in one
# process group of their own, up and running before it returns.
cl_stress_start() {
    local kind=$1 s=$2 base tmp i n want cpus=() targets=()
    base=$(cl_unique "$CL_OUT/logs/stress-ng-$kind-cpu$s" .out)
    # stress-ng refuses to start unless its temp path is writable, and its
    # default is the working directory (in the image: /opt/coldload, not
    # writable by the user the container runs as).
    cl_tmpdir tmp
    CL_STRESS_KIND=$kind CL_STRESS_N=$s CL_STRESS_WORKERS=
    # The workers get their own process group, which cl_stress_stop kills
    # whole -- but stay in this session: with kernel.sched_autogroup_enabled=1,
    # a new session (setsid) is a new scheduling group that CFS shares the
    # CPUs with fairly, which shields the measurement from the load
    # (measured here: 2-thread svdvals 7.3 ms under a setsid stress-ng --cpu 2,
    # 2886 ms under the same load in the same session; idle 5.8 ms).
    # Should the harness itself be SIGKILLed (no trap runs), setpriv's
    # parent-death signal TERMs stress-ng (pinned: the leader shell, whose
    # death TERMs each stress-ng the same way), which stops its workers; its
    # own --timeout (the measurements' need plus a margin, loaded.sh) is the
    # last resort behind that.
    local bg0=${!:-}
    CL_STRESS_STARTING=1
    if [ "$kind" = free ]; then
        perl -e 'setpgrp(0, 0) or die "setpgrp: $!\n"; exec @ARGV or die "exec $ARGV[0]: $!\n"' \
            setpriv --pdeathsig TERM stress-ng --cpu "$s" --timeout "${CL_STRESS_TIMEOUT_S:-3600}s" \
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
        # shellcheck disable=SC2016
        perl -e 'setpgrp(0, 0) or die "setpgrp: $!\n"; exec @ARGV or die "exec $ARGV[0]: $!\n"' \
            setpriv --pdeathsig TERM bash -c 't=$1 d=$2; shift 2
                for c; do setpriv --pdeathsig TERM stress-ng --cpu 1 --taskset "$c" --timeout "$t" \
                    --temp-path "$d" 3>&- & echo "$! $c" >&3; done
                wait' cl-stress-pinned "${CL_STRESS_TIMEOUT_S:-3600}s" "$tmp" "${targets[@]}" \
            >"$base.out" 2>"$base.err" 3>"$base.workers" </dev/null {CL_LOCK_FD}>&- &
        want=$((2 * s + 1))   # the leader, S stress-ng parents and S workers
    fi
    CL_STRESS_PID=$!
    CL_STRESS_PGID=$CL_STRESS_PID
    CL_STRESS_STARTING=0
    [ "$CL_STRESS_PID" != "$bg0" ] || cl_die "internal: stress-ng was not started"
    echo "$CL_STRESS_PGID" >"$CL_OUT/stress-ng.pgid"
    # Established: every process exists and the runnable count shows the
    # workers, or 5 s have passed.
    for i in $(seq 50); do
        n=$(cl_pgid_count "$CL_STRESS_PGID")
        if [ "$n" -ge "$want" ] && [ "$(cl_procs_running)" -ge "$s" ]; then break; fi
        if ! cl_pid_alive "$CL_STRESS_PID" || { [ -s "$base.err" ] && [ "$n" -lt "$want" ] && [ "$i" -gt 10 ]; }; then
            cl_die "stress-ng ($kind, $s workers) did not start: $(head -n1 "$base.err" 2>/dev/null || echo "no message") (see $base.err)"
        fi
        sleep 0.1
    done
    if [ "$(cl_pgid_count "$CL_STRESS_PGID")" -lt "$want" ] || [ "$(cl_procs_running)" -lt "$s" ]; then
        cl_warn "load not established after 5 s ($kind, $s workers: $(cl_pgid_count "$CL_STRESS_PGID") of $want processes, procs_running $(cl_procs_running))"
    fi
    [ "$kind" = pinned ] && cl_stress_check_pinned "$base.workers"
    return 0
}

# cl_stress_check_pinned WORKERS_FILE: every stress-ng process of the group
# (each parent and its worker) may run only on its CPU, read back from
# /proc/PID/status; CL_STRESS_WORKERS lists "pid@cpus_allowed". A worker
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
    done < <(cl_pgid_pids "$CL_STRESS_PGID")
    CL_STRESS_WORKERS=${list[*]}
    [ ${#bad[@]} -eq 0 ] || cl_die "pinned load is not pinned: ${bad[*]}"
    [ ${#list[@]} -ge "$((2 * CL_STRESS_N))" ] ||
        cl_die "pinned load: found ${#list[@]} stress-ng processes, want $((2 * CL_STRESS_N)) (see $1)"
}

cl_stress_stop() {
    # A signal between starting stress-ng and noting its pid: $! is it.
    if [ -z "$CL_STRESS_PGID" ] && [ "${CL_STRESS_STARTING:-0}" = 1 ] && [ -n "${!:-}" ]; then
        CL_STRESS_PID=$! CL_STRESS_PGID=$!
    fi
    [ -n "$CL_STRESS_PGID" ] || return 0
    if [ "$CL_CLEANING" = 0 ] && ! cl_pgid_alive "$CL_STRESS_PGID"; then
        cl_warn "stress-ng (pgid $CL_STRESS_PGID) ended before the measurements did (its --timeout ${CL_STRESS_TIMEOUT_S:-3600}s?): the last rows may not be loaded"
    fi
    cl_group_stop "$CL_STRESS_PGID" "$CL_STRESS_PID"
    CL_STRESS_PGID=
    CL_STRESS_PID=
    CL_STRESS_STARTING=0
}

# cl_group_stop PGID PID [TENTHS]: TERM to process group PGID (or to PID alone
# when it leads no group: timeout may not have set its group up yet, and
# report.sh's children are harnesses in its own group), up to TENTHS/10 s
# (default 5 s) for both to go -- a harness needs that time for its own
# clean-up -- then KILL, and up to 2 s more. Every wait is bounded: PID is
# reaped with `wait` only once it is dead (a zombie, or already reaped
# elsewhere: then wait returns at once); a `wait` on a PID still running
# would block for as long as it runs.
cl_group_stop() {
    local i
    kill -TERM -- "-$1" 2>/dev/null || kill -TERM "$2" 2>/dev/null || true
    for ((i = 0; i < ${3:-50}; i++)); do
        if ! cl_pgid_alive "$1" && ! cl_pid_alive "$2"; then break; fi
        sleep 0.1
    done
    kill -KILL -- "-$1" 2>/dev/null || true
    if cl_pid_alive "$2"; then kill -KILL "$2" 2>/dev/null || true; fi
    for ((i = 0; i < 20; i++)); do
        if ! cl_pgid_alive "$1" && ! cl_pid_alive "$2"; then break; fi
        sleep 0.1
    done
    if ! cl_pid_alive "$2"; then wait "$2" 2>/dev/null || true; fi
}

# cl_pid_alive PID: running, not a zombie waiting to be reaped.
cl_pid_alive() {
    local s state
    read -r s 2>/dev/null <"/proc/$1/stat" || return 1
    read -r state _ <<<"${s##*) }"
    [ "$state" != Z ]
}

# ---------------------------------------------------------------- CSV
cl_csv_line() {
    local f line='' sep=''
    for f in "$@"; do
        if [[ $f == *[,\"$'\r\n']* ]]; then f="\"${f//\"/\"\"}\""; fi
        line+=$sep$f
        sep=,
    done
    printf '%s\n' "$line"
}

# cl_whole_row TOOL LABEL RUN WALL_MS USER_MS SYS_MS MINFLT MAJFLT EXIT_CODE
# The row is built first and appended with one printf; when it does not fit
# (a full disk) whole.csv is cut back to its size before it, and the run ends.
cl_whole_row() {
    local line size err
    line=$(cl_csv_line "$(cl_utc)" "$(hostname)" "$CL_TAG_HARNESS" "$CL_TAG_CONDITION" "$CL_TAG_STRESSORS" \
        "$CL_TAG_COPY" "$CL_RUN_WORKLOAD" "$CL_RUN_PARAMS" "$CL_RUN_WIDTH" "$CL_RUN_WAIT" "$@" \
        "$CL_TAG_LOAD" "$CL_TAG_PROC")
    size=$(stat -c %s "$CL_WHOLE")
    if ! err=$({ printf '%s\n' "$line" >>"$CL_WHOLE"; } 2>&1); then
        truncate -s "$size" "$CL_WHOLE" 2>/dev/null || true
        cl_die "$CL_WHOLE: a row could not be written: ${err##*: }"
    fi
}

cl_whole_time() {
    cl_whole_row time "$1" "$2" "$CL_WALL_MS" "$CL_USER_MS" "$CL_SYS_MS" "$CL_MINFLT" "$CL_MAJFLT" "$CL_RC"
}

# hyperfine 1.15 exports per-run wall times and exit codes, but CPU times only
# as the mean over the runs: each row carries that mean.
cl_whole_hyperfine() {
    local label run wall user sys code
    while IFS=$'\t' read -r label run wall user sys code; do
        CL_TAG_PROC=$run   # each hyperfine run is a process of its own
        cl_whole_row hyperfine "$label" "$run" "$(printf '%.3f' "$wall")" "$(printf '%.3f' "$user")" \
            "$(printf '%.3f' "$sys")" "" "" "$code"
    done < <(jq -r '.results[] as $r | range(0; $r.times | length) as $i
        | [$r.command, $i + 1, $r.times[$i] * 1000, $r.user * 1000, $r.system * 1000,
           ($r.exit_codes[$i] // "" | tostring)] | @tsv' "$1")
}

# CL_TAGS: the --tag flags every binary gets (CL_SAMPLES_TAGS, in order), so
# every samples.csv row has the same header whichever harness wrote it.
cl_tags() {
    CL_TAGS=(--tag "harness=$CL_TAG_HARNESS" --tag "condition=$CL_TAG_CONDITION"
        --tag "stressors=$CL_TAG_STRESSORS" --tag "copy=$CL_TAG_COPY"
        --tag "load=$CL_TAG_LOAD" --tag "proc=$CL_TAG_PROC")
}

cl_samples_lines() {
    if [ -f "$CL_SAMPLES" ]; then wc -l <"$CL_SAMPLES"; else echo 0; fi
}

# The fixed columns never need quoting, so splitting on commas is exact for them.
cl_samples_field() {
    [ -f "$CL_SAMPLES" ] || return 0
    awk -F, -v from="$1" -v col="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
        NR > from && c { print $c; exit }' "$CL_SAMPLES"
}

# Distinct params of the rows after line FROM, joined by "|".
cl_samples_params() {
    [ -f "$CL_SAMPLES" ] || return 0
    awk -F, -v from="$1" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == "params") c = i; next }
        NR > from && c && !seen[$c]++ { out = out (out == "" ? "" : "|") $c }
        END { print out }' "$CL_SAMPLES"
}

# The binaries' `# ...` lines (OpenBLAS config, clock) go into meta once per directory.
cl_meta_binary_once() {
    grep -q '^binary_banner=' "$CL_META" 2>/dev/null || cl_meta_binary_comments "$1"
}

# ---------------------------------------------------------------- measurements
# CL_WORKLOADS: grad and svdvals (p28_timing), and trg when ising_trg is built.
# $1 warm: warm (idle) also measures the loaded runs' smaller TRG (trgload) when
# it differs from the full one, so that every loaded cell has its idle twin;
# loaded measures only the smaller one.
cl_workloads() {
    CL_WORKLOADS="grad svdvals"
    if [ ! -x "$CL_BUILD/ising_trg" ]; then
        cl_warn "$CL_BUILD/ising_trg is missing: workload trg skipped (build it with make)"
        return 0
    fi
    local same=0
    [ "$CL_TRG_LOADED_BETAS;$CL_TRG_LOADED_CHI;$CL_TRG_LOADED_STEPS" = "$CL_TRG_BETAS;$CL_TRG_CHI;$CL_TRG_STEPS" ] && same=1
    case ${1:-warm}:$same in
        *:1) CL_WORKLOADS+=" trg" ;;
        warm:0) CL_WORKLOADS+=" trg trgload" ;;
        loaded:0) CL_WORKLOADS+=" trgload" ;;
    esac
}

declare -A CL_RUNNO=()

# cl_measure WORKLOAD WIDTH: one measurement (one process) with the current
# tags: rows into samples.csv, one tool=time row into whole.csv, the page
# line on stderr.
cl_measure() {
    local w=$1 width=$2 before step cmd name=$1 betas=$CL_TRG_BETAS chi=$CL_TRG_CHI steps=$CL_TRG_STEPS
    if [ "$w" = trgload ]; then
        name=trg betas=$CL_TRG_LOADED_BETAS chi=$CL_TRG_LOADED_CHI steps=$CL_TRG_LOADED_STEPS
    fi
    case $name in
        grad|svdvals) cmd=("$CL_BUILD/p28_timing" --workload "$w" --runs "$CL_RUNS") ;;
        trg) cmd=("$CL_BUILD/ising_trg" --beta "$betas" --chi "$chi" --steps "$steps" --runs "$CL_TRG_RUNS") ;;
        *) cl_die "internal: unknown workload $w" ;;
    esac
    # The budget bounds the whole measurement (ising_trg: all its betas; a
    # beta that would start after it is spent is skipped).
    cl_tags
    cmd+=(--width "$width" --budget "$CL_BUDGET" --csv "$CL_SAMPLES" "${CL_TAGS[@]}")
    # The pthread OpenBLAS starts nproc threads when it loads, whatever width
    # is set later, and its idle ones spin: a width-1 run would share the
    # machine with a spinner of its own. Start it at the measured width.
    cmd=(env OPENBLAS_NUM_THREADS="$width" "${cmd[@]}")
    step=$CL_NAME-$CL_TAG_CONDITION
    [ "$CL_TAG_CONDITION" = loaded ] && step+=-$CL_TAG_LOAD-s$CL_TAG_STRESSORS
    step+=-$w-w$width-p$CL_TAG_PROC
    before=$(cl_samples_lines)
    if ! cl_exec_timed "$step" "${cmd[@]}"; then
        CL_FAILURES=$((CL_FAILURES + 1))
        cl_warn "$step failed with exit status $CL_RC (see $CL_LOG.err)"
    fi
    CL_RUN_WORKLOAD=$name CL_RUN_WIDTH=$width
    CL_RUN_PARAMS=$(cl_samples_params "$before")
    # One process ran every beta: its whole-process row names them all.
    if [ "$name" = trg ]; then CL_RUN_PARAMS="betas=$betas;chi=$chi;steps=$steps"; fi
    CL_RUN_WAIT=$(cl_samples_field "$before" wait)
    CL_RUNNO[$w]=$(( ${CL_RUNNO[$w]:-0} + 1 ))
    cl_whole_time "$name" "${CL_RUNNO[$w]}"
    cl_meta_binary_once "$CL_LOG.out"
    grep -v '^#' "$CL_LOG.out" | sed "s/^/    /" >&2 || true
}

# cl_shuffle ITEM...: CL_SHUFFLED = the items in a random order (Fisher-Yates
# on RANDOM, which the caller seeds once: the order of a whole run replays
# from its seed). Not $(cl_shuffle): bash reseeds RANDOM in every subshell.
cl_shuffle() {
    local i j t
    CL_SHUFFLED=("$@")
    for ((i = ${#CL_SHUFFLED[@]} - 1; i > 0; i--)); do
        j=$((RANDOM % (i + 1)))
        t=${CL_SHUFFLED[i]} CL_SHUFFLED[i]=${CL_SHUFFLED[j]} CL_SHUFFLED[j]=$t
    done
}

# CL_PROCS rounds; in each, every (workload, width) cell once, in a shuffled
# order, so that no cell is always the first after the load starts (or the
# first after the previous harness) -- and each cell's K processes are spread
# over the whole run rather than back to back.
cl_measure_all() {
    local cells=() cell width w p what=$CL_TAG_CONDITION
    [ "$CL_TAG_CONDITION" = loaded ] && what+=" ($CL_TAG_LOAD load)"
    for width in $CL_WIDTHS; do
        for w in $CL_WORKLOADS; do cells+=("$w:$width"); done
    done
    for ((p = 1; p <= CL_PROCS; p++)); do
        CL_TAG_PROC=$p
        cl_shuffle "${cells[@]}"
        for cell in "${CL_SHUFFLED[@]}"; do
            w=${cell%:*} width=${cell#*:}
            cl_progress "$what: $w width $width, process $p of $CL_PROCS"
            if [ "$CL_TAG_CONDITION" = idle ]; then cl_busy_check "$w width $width"; fi
            cl_measure "$w" "$width"
        done
    done
    CL_TAG_PROC=1
}
