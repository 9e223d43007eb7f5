# shellcheck shell=bash
# harness/lib/options.sh -- messages (cl_die, cl_warn, cl_usage_error), the
# common options and their checks, the settings they give (CL_BUDGET,
# CL_RUNS, CL_PROCS, CL_PROCS_MIN, CL_PROCS_MAX, CL_NPROC, CL_WIDTHS, CL_STRESSORS, CL_LOADS, CL_SEED,
# CL_WATCHDOG_S), and the tools a harness needs. Sourced by harness/lib.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

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

cl_defaults() {
    CL_OPT_OUT=${COLDLOAD_OUT:-}
    CL_OPT_QUICK=${COLDLOAD_QUICK:-0}
    CL_OPT_WIDTHS=${COLDLOAD_WIDTHS:-}
    CL_OPT_STRESSORS=${COLDLOAD_STRESSORS:-}
    CL_OPT_BUDGET=${COLDLOAD_BUDGET:-}
    CL_OPT_RUNS=${COLDLOAD_RUNS:-}
    CL_OPT_STRICT=${COLDLOAD_STRICT:-0}
    CL_OPT_PROCS=${COLDLOAD_PROCS:-}
    CL_OPT_MAX_PROCS=${COLDLOAD_MAX_PROCS:-}
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
    # a path that looks like a flag (`--out -r`) is a forgotten value far more
    # often than a directory named -r: a usage error, before anything is made
    case $1 in
        --out | --results | --binary)
            if [[ $2 == -* ]]; then cl_usage_error "$1 needs a path, got '$2' (a flag? ./$2 names a file of that name)"; fi ;;
    esac
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
        --max-procs) cl_optval "$@"; CL_OPT_MAX_PROCS=$2; CL_SHIFT=2 ;;
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
    local item items out=()
    # split on blanks and commas without globbing: `--widths '*'` is no list of files
    read -r -d "" -a items <<<"${2//,/ }" || true
    for item in "${items[@]}"; do
        cl_int "$1" "$item" "$3" "$4"
        out+=("$((10#$item))")
    done
    [ ${#out[@]} -gt 0 ] || cl_usage_error "$1: expected a list of integers in $3..$4, got '$2'"
    echo "${out[*]}"
}

# cl_parse_common "$@": the whole command line of a script that takes only
# the common options, then cl_finalize_opts. --dry-run (CL_OPT_DRY=1) too
# when the script set CL_DRY_OK=1 (warm.sh, loaded.sh: they print their plan).
cl_parse_common() {
    while [ $# -gt 0 ]; do
        if [ "$1" = --dry-run ] && [ "${CL_DRY_OK:-0}" = 1 ]; then CL_OPT_DRY=1 CL_SHIFT=1
        else cl_common_opt "$@" || cl_usage_error "unknown option '$1'"; fi
        shift "$CL_SHIFT"
    done
    cl_finalize_opts
}

# cl_nproc: CL_NPROC, the CPUs the defaults are taken from (nproc), and
# CL_NPROC_FAKE=1 when COLDLOAD_NPROC gave it instead. COLDLOAD_NPROC=N shows
# what a machine of N CPUs would run, for --dry-run only (CL_OPT_DRY=1):
# anywhere else it is refused, so that it can never fake the machine a
# measurement ran on (its widths, load workers and fair share).
cl_nproc() {
    CL_NPROC_FAKE=0
    if [ -n "${COLDLOAD_NPROC:-}" ]; then
        [ "${CL_OPT_DRY:-0}" = 1 ] ||
            cl_usage_error "COLDLOAD_NPROC=$COLDLOAD_NPROC is for --dry-run only: a measurement takes the CPUs it runs on"
        cl_int COLDLOAD_NPROC "$COLDLOAD_NPROC" 1 4096
        CL_NPROC=$((10#$COLDLOAD_NPROC)) CL_NPROC_FAKE=1
    else
        CL_NPROC=$(nproc)
    fi
}

cl_finalize_opts() {
    local n
    cl_nproc
    n=$CL_NPROC
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
    # The stopping rule's per-process half: a process stops taking steady
    # calls once their median is known to +-CL_PRECISION of itself (at least
    # 3 calls; bench.h, docs/verdicts.md). 0 takes every --runs.
    CL_PRECISION=${COLDLOAD_PRECISION:-0.1}
    if ! [[ $CL_PRECISION =~ ^(0|1|0?\.[0-9]+)$ ]]; then
        cl_usage_error "COLDLOAD_PRECISION: expected a share from 0 to 1 (0.1 is +-10 %), got '$CL_PRECISION'"
    fi
    cl_int --runs "$CL_RUNS" 1 100000
    CL_RUNS=$((10#$CL_RUNS))
    cl_int --procs "$CL_PROCS" 1 100
    CL_PROCS=$((10#$CL_PROCS))
    # The stopping rule of warm and loaded runs (cl_measure_all): each cell
    # takes CL_PROCS_MIN processes, then more, one round at a time, while
    # coldload-summarize --decided says its answer is not known yet, up to
    # CL_PROCS_MAX (default 7; QUICK 3, so that a QUICK report keeps its
    # time). --procs K forces exactly K. Other harnesses (firstrun.sh, the
    # scan) take CL_PROCS (or their own count) and do not stop early.
    if [ -n "$CL_OPT_PROCS" ]; then
        [ -z "$CL_OPT_MAX_PROCS" ] || cl_usage_error "--procs K forces K processes a cell: --max-procs goes without it"
        CL_PROCS_MIN=$CL_PROCS CL_PROCS_MAX=$CL_PROCS
    else
        if [ "$CL_OPT_QUICK" = 1 ]; then CL_PROCS_MAX=${CL_OPT_MAX_PROCS:-3}; else CL_PROCS_MAX=${CL_OPT_MAX_PROCS:-7}; fi
        cl_int --max-procs "$CL_PROCS_MAX" 3 100
        CL_PROCS_MIN=3 CL_PROCS_MAX=$((10#$CL_PROCS_MAX))
    fi
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
    # A measurement that outlives its budget this much is stuck (a call cannot
    # be cut short, and a series makes a first and one steady call whatever
    # the budget): the watchdog ends it. Under load one 2-thread TRG call took
    # 55 s here (0.4 s idle), so each series of a process (a TRG beta) gets 2
    # more minutes. The one float in it (the budget) stays in awk.
    cl_describe   # here, not in the $(...) below: its table must outlive the subshell
    CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" -v n="$(cl_series_max)" 'BEGIN { printf "%d", 4 * b + 120 * n }')
}

cl_pkg_of() {
    case $1 in
        time) echo time ;;
        ldd) echo libc-bin ;;
        setsid|mincore) echo util-linux ;;
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
