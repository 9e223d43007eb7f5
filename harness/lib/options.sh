# shellcheck shell=bash
# harness/lib/options.sh -- the options -- parsed, defaulted and checked as
# the option table says
# (harness/lib/opttable.sh) -- and the settings they give (CL_BUDGET,
# CL_RUNS, CL_PROCS, CL_PROCS_MIN, CL_PROCS_MAX, CL_NPROC, CL_WIDTHS, CL_STRESSORS, CL_LOADS, CL_SEED,
# CL_WATCHDOG_S). Messages are harness/lib/messages.sh's, the tools a
# harness needs harness/lib/tools.sh's. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# CL_OPT: the options of this run, one key a table row's var (QUICK, OUT,
# BUDGET ...: harness/lib/opttable.sh), each value as given (a flag, else its
# COLDLOAD_* variable), empty when neither; cl_opt_final fills in a script's
# own default. Written by the parser here and by a script that reads a flag
# itself (coldreport.sh's --out); read by every script and lib file.
declare -gA CL_OPT=()

# cl_defaults: every option of the table (harness/lib/opttable.sh) empty,
# then from its COLDLOAD_* variable (a flag given later wins).
# (CL_OT[I,FIELD]: the table's rows, set by harness/lib/opttable.sh)
# shellcheck disable=SC2153
cl_defaults() {
    local i v e
    for ((i = 0; i < CL_OT_N; i++)); do
        v=${CL_OT[$i,var]}
        [ "$v" = - ] || CL_OPT[$v]=''
    done
    for ((i = 0; i < CL_OT_N; i++)); do
        v=${CL_OT[$i,var]} e=${CL_OT[$i,env]}
        if [ -n "$e" ] && [ "$v" != - ]; then CL_OPT[$v]=${!e:-}; fi
    done
    case ${CL_OPT[QUICK]} in 1|yes|true) CL_OPT[QUICK]=1 ;; *) CL_OPT[QUICK]=0 ;; esac
    case ${CL_OPT[STRICT]} in 1|yes|true) CL_OPT[STRICT]=1 ;; *) CL_OPT[STRICT]=0 ;; esac
}

# These return into the caller's variables (namerefs), so their own locals
# carry the function's prefix: a caller's variable is never shadowed.

# cl_opt_row ROW USED FLAG [SCRIPT]: ROW the table row of FLAG for SCRIPT
# (default this script), USED 1, or 0 for a row that says ~SCRIPT; 1 when none.
cl_opt_row() {
    local -n cl_or_row=$1 cl_or_used=$2
    local cl_or_s=${4:-$CL_NAME} cl_or_i
    for ((cl_or_i = 0; cl_or_i < CL_OT_N; cl_or_i++)); do
        [ "${CL_OT[$cl_or_i,flag]}" = "$3" ] || continue
        case " ${CL_OT[$cl_or_i,scripts]} " in
            *" $cl_or_s "*) cl_or_row=$cl_or_i cl_or_used=1; return 0 ;;
            *" ~$cl_or_s "*) cl_or_row=$cl_or_i cl_or_used=0; return 0 ;;
        esac
    done
    return 1
}

# cl_opt_main ROW FLAG: ROW the row this script uses for FLAG, else FLAG's
# first row; 1 when FLAG has none.
cl_opt_main() {
    local -n cl_om_row=$1
    local cl_om_i cl_om_used
    if cl_opt_row cl_om_row cl_om_used "$2" && [ "$cl_om_used" = 1 ]; then return 0; fi
    for ((cl_om_i = 0; cl_om_i < CL_OT_N; cl_om_i++)); do
        if [ "${CL_OT[$cl_om_i,flag]}" = "$2" ]; then cl_om_row=$cl_om_i; return 0; fi
    done
    return 1
}

# cl_opt_raw VAR FLAG d|q: VAR FLAG's default (d) or QUICK default (q) in
# this script as the table writes it ({d:--flag} and {q:--flag} left in; a
# computed one starts with ~).
cl_opt_raw() {
    local -n cl_ow_out=$1
    local cl_ow_row
    cl_opt_main cl_ow_row "$2" || cl_die "no option $2 in harness/lib/opttable.sh" 2
    cl_ow_out=${CL_OT[$cl_ow_row,def]}
    if [ "$3" = q ] && [ -n "${CL_OT[$cl_ow_row,quick]}" ]; then cl_ow_out=${CL_OT[$cl_ow_row,quick]}; fi
}

# cl_opt_subst VAR TEXT: VAR TEXT with each {d:--flag} and {q:--flag}
# replaced by that flag's default or QUICK default in this script (one that
# names another in turn replaced as well).
cl_opt_subst() {
    local -n cl_os_out=$1
    local cl_os_t=$2 cl_os_m cl_os_raw cl_os_re='\{([dq]):(--[a-z0-9-]+)\}'
    while [[ $cl_os_t =~ $cl_os_re ]]; do
        cl_os_m=${BASH_REMATCH[0]}
        cl_opt_raw cl_os_raw "${BASH_REMATCH[2]}" "${BASH_REMATCH[1]}"
        cl_os_t=${cl_os_t/"$cl_os_m"/$cl_os_raw}
    done
    cl_os_out=$cl_os_t
}

# cl_opt_def VAR FLAG d|q: VAR FLAG's default (d) or QUICK default (q) in
# this script, as the table says it (a computed one starts with ~).
cl_opt_def() {
    local cl_od_t
    cl_opt_raw cl_od_t "$2" "$3"
    cl_opt_subst "$1" "$cl_od_t"
}

# cl_opt_default VAR FLAG: VAR FLAG's default in this run (QUICK or not).
cl_opt_default() {
    if [ "${CL_OPT[QUICK]}" = 1 ]; then cl_opt_def "$1" "$2" q; else cl_opt_def "$1" "$2" d; fi
}

# cl_opt_check FLAG VALUE: VALUE passes FLAG's check in this script, else a
# usage error naming FLAG (exit 2). A list (ints:) is echoed as space-separated
# integers: call it in $(...) then (set -e passes its exit 2 on).
cl_opt_check() {
    local c lo hi item items row
    cl_opt_main row "$1" || cl_die "no option $1 in harness/lib/opttable.sh" 2
    c=${CL_OT[$row,check]}
    IFS=: read -r _ lo hi <<<"$c"
    case $c in
        int:*) cl_int "$1" "$2" "$lo" "$hi" ;;
        num:*) cl_num "$1" "$2" "$lo" "$hi" "a number of seconds" ;;
        cpus:*) cl_num "$1" "$2" "$lo" "$hi" "a number of CPUs" incl ;;
        factor:*) cl_num "$1" "$2" "$lo" "$hi" "a factor" incl ;;
        share:*)
            if ! [[ $2 =~ ^[0-9]*\.?[0-9]+$ ]] || ! awk -v v="$2" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(v >= lo && v <= hi) }'; then
                cl_usage_error "$1: expected a share from $lo to $hi (0.1 is +-10 %), got '$2'"
            fi ;;
        ints:*) cl_int_list "$1" "$2" "$lo" "$hi" ;;
        enum:* | enums:*)
            # a list splits on blanks and commas, without globbing
            if [[ $c == enum:* ]]; then items=("$2"); else read -r -d "" -a items <<<"${2//,/ }" || true; fi
            for item in "${items[@]}"; do
                [[ ,${c#*:}, == *",$item,"* ]] || cl_usage_error "$1: expected $(cl_opt_either "${c#*:}"), got '$item'"
            done ;;
    esac
}

# cl_opt_either A,B,C: "A, B or C".
cl_opt_either() {
    local l=${1//,/, }
    if [[ $l == *", "* ]]; then echo "${l%, *} or ${l##*, }"; else echo "$l"; fi
}

# cl_opt_final FLAG: FLAG's key of CL_OPT holds its value in this run -- the one
# given, else its default -- and it passes its check (an integer loses its
# leading zeros). For a script's own options, after cl_finalize_opts.
cl_opt_final() {
    local v row def
    cl_opt_main row "$1" || cl_die "no option $1 in harness/lib/opttable.sh" 2
    v=${CL_OT[$row,var]}
    if [ -z "${CL_OPT[$v]}" ]; then cl_opt_default def "$1"; CL_OPT[$v]=$def; fi
    cl_opt_check "$1" "${CL_OPT[$v]}"
    if [[ ${CL_OT[$row,check]} == int:* ]]; then CL_OPT[$v]=$((10#${CL_OPT[$v]})); fi
}

# cl_opt_check_given: each value of this run given (a flag, or its COLDLOAD_*
# variable) for one of this script's rows passes the row's check: every
# range before what is missing (bisect.sh, history.sh: their values are
# handed on as given, so none is finalized here).
cl_opt_check_given() {
    local i v
    for ((i = 0; i < CL_OT_N; i++)); do
        case " ${CL_OT[$i,scripts]} " in *" $CL_NAME "*) ;; *) continue ;; esac
        v=${CL_OT[$i,var]}
        if [ "$v" != - ] && [ -n "${CL_OPT[$v]}" ]; then cl_opt_check "${CL_OT[$i,flag]}" "${CL_OPT[$v]}" >/dev/null; fi
    done
}

# A value starting with -- is the next flag, not a value: `--out --quick`
# must not create a directory named --quick.
cl_optval() {
    local row
    if [ $# -lt 2 ] || [ -z "$2" ]; then cl_usage_error "$1 needs a value"; fi
    if [[ $2 == --* ]]; then cl_usage_error "$1 needs a value, got the flag '$2'"; fi
    # a path that looks like a flag (`--out -r`) is a forgotten value far more
    # often than a directory named -r: a usage error, before anything is made
    if cl_opt_main row "$1" && [ "${CL_OT[$row,check]}" = path ] && [[ $2 == -* ]]; then
        cl_usage_error "$1 needs a path, got '$2' (a flag? ./$2 names a file of that name)"
    fi
}

# cl_take_opt SCRIPT ARGS...: the flag at $1 when SCRIPT's table rows have it
# (its key of CL_OPT set, CL_SHIFT the words taken), or -h/--help (the script's
# usage, exit 0); 1 for another flag, or one the script reads itself (var -).
cl_take_opt() {
    local s=$1 c v row used
    shift
    CL_SHIFT=1
    case $1 in -h|--help) if declare -F usage >/dev/null; then usage; fi; exit 0 ;; esac
    cl_opt_row row used "$1" "$s" || return 1
    v=${CL_OT[$row,var]} c=${CL_OT[$row,check]}
    [ "$v" != - ] || return 1
    case $c in
        switch) CL_OPT[$v]=1 ;;
        switch:*) CL_OPT[$v]=${c#switch:} ;;
        *) cl_optval "$@"; CL_OPT[$v]=$2; CL_SHIFT=2 ;;
    esac
}

# cl_common_opt ARGS...: cl_take_opt for this script.
cl_common_opt() {
    cl_take_opt "$CL_NAME" "$@"
}

# cl_int NAME VALUE LO HI: VALUE is a decimal integer in LO..HI, else usage
# error. (At most 10 digits: no overflow in $((...)), and compare's --seed is
# a 32-bit one, up to 4294967295.)
cl_int() {
    if ! [[ $2 =~ ^[0-9]{1,10}$ ]] || [ "$((10#$2))" -lt "$3" ] || [ "$((10#$2))" -gt "$4" ]; then
        cl_usage_error "$1: expected an integer in $3..$4, got '$2'"
    fi
}

# cl_num NAME VALUE LO HI WHAT [incl]: VALUE is a decimal number in LO..HI,
# LO excluded when 0 unless incl; else a usage error saying WHAT it must be
# ("a number of seconds") and its range.
cl_num() {
    local lo_op='>='
    [ "$3" != 0 ] || [ "${6:-}" = incl ] || lo_op='>'
    if ! [[ $2 =~ ^[0-9]+(\.[0-9]+)?$|^\.[0-9]+$ ]] ||
        ! awk -v v="$2" -v lo="$3" -v hi="$4" -v op="$lo_op" 'BEGIN { exit !((op == ">" ? v > lo : v >= lo) && v <= hi) }'; then
        cl_usage_error "$1: expected $5, $lo_op $3 and <= $4, got '$2'"
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

# cl_parse_opts "$@": a whole command line of this script's table rows; with
# CL_DASHDASH_OK=1 the words after -- go into CL_ARGS (else -- is unknown).
cl_parse_opts() {
    CL_ARGS=()
    while [ $# -gt 0 ]; do
        if [ "$1" = -- ] && [ "${CL_DASHDASH_OK:-0}" = 1 ]; then shift; CL_ARGS=("$@"); break; fi
        cl_common_opt "$@" || cl_usage_error "unknown option '$1'"
        shift "$CL_SHIFT"
    done
}

# cl_parse_common "$@": cl_parse_opts, then cl_finalize_opts (warm.sh, loaded.sh).
cl_parse_common() {
    cl_parse_opts "$@"
    cl_finalize_opts
}

# cl_nproc: CL_NPROC, the CPUs the defaults are taken from (nproc), and
# CL_NPROC_FAKE=1 when COLDLOAD_NPROC gave it instead. COLDLOAD_NPROC=N shows
# what a machine of N CPUs would run, for --dry-run only (CL_OPT[DRY]=1):
# anywhere else it is refused, so that it can never fake the machine a
# measurement ran on (its widths, load workers and fair share).
cl_nproc() {
    CL_NPROC_FAKE=0
    if [ -n "${COLDLOAD_NPROC:-}" ]; then
        [ "${CL_OPT[DRY]:-0}" = 1 ] ||
            cl_usage_error "COLDLOAD_NPROC=$COLDLOAD_NPROC is for --dry-run only: a measurement takes the CPUs it runs on"
        cl_int COLDLOAD_NPROC "$COLDLOAD_NPROC" 1 4096
        CL_NPROC=$((10#$COLDLOAD_NPROC)) CL_NPROC_FAKE=1
    else
        CL_NPROC=$(nproc)
    fi
}

# cl_finalize_procs: CL_PROCS_MIN and CL_PROCS_MAX from --procs or
# --max-procs (the table's default), for cl_finalize_opts.
cl_finalize_procs() {
    local def row
    # The stopping rule of warm and loaded runs (cl_measure_all): each cell
    # takes CL_PROCS_MIN processes, then more, one round at a time, while
    # coldload-summarize --decided says its answer is not known yet, up to
    # CL_PROCS_MAX (--max-procs; QUICK 3, so that a QUICK report keeps its
    # time). --procs K forces exactly K. Other harnesses (firstrun.sh, the
    # scan) take CL_PROCS (or their own count) and do not stop early.
    if [ -n "${CL_OPT[PROCS]}" ]; then
        [ -z "${CL_OPT[MAX_PROCS]}" ] || cl_usage_error "--procs K forces K processes a cell: --max-procs goes without it"
        CL_PROCS_MIN=$CL_PROCS CL_PROCS_MAX=$CL_PROCS
    else
        cl_opt_default def --max-procs; CL_PROCS_MAX=${CL_OPT[MAX_PROCS]:-$def}
        # a default that is none (~: ab.sh's, whose time budget decides): the
        # check's most, a ceiling the time budget stops well before
        if [[ $CL_PROCS_MAX == '~'* ]]; then
            cl_opt_main row --max-procs
            IFS=: read -r _ _ CL_PROCS_MAX <<<"${CL_OT[$row,check]}"
        fi
        cl_opt_check --max-procs "$CL_PROCS_MAX"
        CL_PROCS_MIN=3 CL_PROCS_MAX=$((10#$CL_PROCS_MAX))
    fi
}

# cl_finalize_lists N: CL_SEED, CL_WIDTHS and CL_STRESSORS, as given or
# their defaults on a machine of N CPUs, for cl_finalize_opts.
cl_finalize_lists() {
    local n=$1
    # The shuffle's seed: given, or from the clock -- either way in meta, so
    # an order can be replayed with --seed.
    CL_SEED=${CL_OPT[SEED]:-$(( ${EPOCHREALTIME/[.,]/} % 1000000007 ))}
    cl_opt_check --seed "$CL_SEED"
    CL_SEED=$((10#$CL_SEED))
    if [ -n "${CL_OPT[WIDTHS]}" ]; then
        CL_WIDTHS=$(cl_opt_check --widths "${CL_OPT[WIDTHS]}")
    elif [ "$n" -gt 1 ]; then
        CL_WIDTHS="1 $((n < 8 ? n : 8))"
    else
        CL_WIDTHS=1
    fi
    if [ -n "${CL_OPT[STRESSORS]}" ]; then
        CL_STRESSORS=$(cl_opt_check --stressors "${CL_OPT[STRESSORS]}")
    else
        CL_STRESSORS=$n
    fi
}

# cl_finalize_opts: the run's settings (CL_BUDGET, CL_RUNS, CL_PROCS ...,
# the header's list) from CL_OPT and this script's table rows, each checked.
cl_finalize_opts() {
    local n def
    cl_nproc
    n=$CL_NPROC
    # K processes per cell multiply the time: the budget per process is
    # smaller than one long process's was (60 s, QUICK 10 s), so that a
    # default report stays under 20 min on 2 CPUs (QUICK under 4 min) even
    # when every loaded width-2 call takes 2 s. The defaults and ranges are
    # the table's (harness/lib/opttable.sh), this script's rows.
    cl_opt_default def --budget; CL_BUDGET=${CL_OPT[BUDGET]:-$def}
    cl_opt_default def --runs; CL_RUNS=${CL_OPT[RUNS]:-$def}
    cl_opt_default def --procs; CL_PROCS=${CL_OPT[PROCS]:-$def}
    # warm, loaded, report: no K without --procs ("3 to 7", the stopping rule below)
    [[ -n ${CL_OPT[PROCS]} || $CL_PROCS =~ ^[0-9]+$ ]] || CL_PROCS=3
    cl_opt_check --budget "$CL_BUDGET"
    cl_opt_check --runs "$CL_RUNS"
    # The stopping rule's per-process half: a process stops taking steady
    # calls once their median is known to +-CL_PRECISION of itself (at least
    # 3 calls; bench.h, docs/verdicts.md). 0 takes every --runs.
    cl_opt_default def --precision; CL_PRECISION=${CL_OPT[PRECISION]:-$def}
    cl_opt_check --precision "$CL_PRECISION"
    CL_RUNS=$((10#$CL_RUNS))
    cl_opt_check --procs "$CL_PROCS"
    CL_PROCS=$((10#$CL_PROCS))
    cl_finalize_procs
    cl_opt_default def --load
    cl_opt_check --load "${CL_OPT[LOAD]:-$def}"
    CL_LOADS=${CL_OPT[LOAD]:-$def}
    [ "$CL_LOADS" != both ] || CL_LOADS="pinned free"
    [ "$CL_LOADS" != all ] || CL_LOADS="pinned free quota"
    cl_finalize_lists "$n"
    # A measurement that outlives its budget this much is stuck (a call cannot
    # be cut short, and a series makes a first and one steady call whatever
    # the budget): the watchdog ends it. Under load one 2-thread TRG call took
    # 55 s here (0.4 s idle), so each series of a process (a TRG beta) gets 2
    # more minutes. The one float in it (the budget) stays in awk.
    cl_series_check   # --series-regex compiles (harness/lib/series.sh)
    cl_describe   # here, not in the $(...) below: its table must outlive the subshell
    CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" -v n="$(cl_series_max)" 'BEGIN { printf "%d", 4 * b + 120 * n }')
}
