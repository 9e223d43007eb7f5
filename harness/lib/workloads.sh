# shellcheck shell=bash
# harness/lib/workloads.sh -- what is measured: the workload binaries'
# --describe tables (bench/describe.h) read once, the cells they give, one
# measurement of a cell (the shuffled rounds of warm.sh and loaded.sh are
# harness/lib/rounds.sh's). Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# The describe.h columns, in order; CL_WL_<COLUMN>[workload] holds each.
CL_WL_COLUMNS=(workload binary params args quick_args loaded_args line_prefix quick_params
    loaded_params series quick_series)
CL_WL_NAMES=()
CL_WL_READ=0
CL_WL_TSV=
declare -gA CL_WL_BINARY=() CL_WL_PARAMS=() CL_WL_ARGS=() CL_WL_QUICK_ARGS=() CL_WL_LOADED_ARGS=()
declare -gA CL_WL_LINE_PREFIX=() CL_WL_QUICK_PARAMS=() CL_WL_LOADED_PARAMS=() CL_WL_SERIES=()
declare -gA CL_WL_QUICK_SERIES=()

# cl_describe: every built binary of CL_WL_BINARIES asked for its table,
# once. One that is not built is skipped here (cl_workloads says so); one
# that is built but cannot describe itself is a broken build (exit 2).
cl_describe() {
    [ "$CL_WL_READ" = 1 ] && return 0
    local bin out header line i col fields=()
    header=$(IFS=$'\t'; echo "${CL_WL_COLUMNS[*]}")
    CL_WL_TSV=$header
    for bin in $CL_WL_BINARIES; do
        [ -x "$CL_BUILD/$bin" ] || continue
        out=$("$CL_BUILD/$bin" --describe 2>&1 </dev/null) ||
            cl_die "$CL_BUILD/$bin --describe failed: ${out%%$'\n'*} (rebuild with make)" 2
        { IFS= read -r line; [ "$line" = "$header" ]; } <<<"$out" ||
            cl_die "$CL_BUILD/$bin --describe: unexpected header (rebuild with make)" 2
        while IFS=$'\t' read -r -a fields; do
            [ ${#fields[@]} -eq ${#CL_WL_COLUMNS[@]} ] ||
                cl_die "$CL_BUILD/$bin --describe: a line of ${#fields[@]} fields, want ${#CL_WL_COLUMNS[@]}" 2
            CL_WL_NAMES+=("${fields[0]}")
            for ((i = 1; i < ${#fields[@]}; i++)); do
                col=${CL_WL_COLUMNS[i]^^}
                printf -v "CL_WL_${col}[${fields[0]}]" '%s' "${fields[i]}"
            done
            CL_WL_TSV+=$'\n'$(IFS=$'\t'; echo "${fields[*]}")
        done < <(tail -n +2 <<<"$out")
    done
    CL_WL_READ=1
}

# cl_run_lines BASE: the page-format lines of BASE.out -- those a workload
# binary's --describe table says its result lines start with (line_prefix) --
# appended to <out>/runs-lines.tsv as "log<TAB>line" (log: BASE's name, a
# header "log<TAB>line" first), so the report's Runs section reads them as
# data and never the logs. cl_exec calls it after every command; nothing
# is recorded before the tables are read.
#
# A bounded read: the first CL_RUN_LINES_READ bytes of the log (1 MiB; the
# binaries' logs are kilobytes), each line cut at CL_RUN_LINE_MAX bytes
# (1024; a page-format line is about 100) before awk sees it. A program that
# printed 500 MB without a newline had awk hold the one line for over 10
# minutes, the harness deaf to signals meanwhile.
CL_RUN_LINES_READ=1048576
CL_RUN_LINE_MAX=1024
cl_run_lines() {
    # shellcheck disable=SC2153 # CL_OUT, the results directory (lib/results.sh), not CL_OPT
    local tsv=$CL_OUT/runs-lines.tsv prefixes lines
    [ "$CL_WL_READ" = 1 ] && [ -s "$1.out" ] || return 0
    prefixes=$(IFS=$'\t'; echo "${CL_WL_LINE_PREFIX[*]}")
    [ -e "$tsv" ] || cl_append "$tsv" $'log\tline\n' || cl_write_failed "$tsv"
    lines=$(head -c "$CL_RUN_LINES_READ" -- "$1.out" | cut -b "1-$CL_RUN_LINE_MAX" |
        CL_RL_PREFIXES=$prefixes CL_RL_LOG=${1##*/} awk '
        BEGIN { n = split(ENVIRON["CL_RL_PREFIXES"], pre, "\t"); log_ = ENVIRON["CL_RL_LOG"] }
        { for (i = 1; i <= n; i++) if (pre[i] != "" && index($0, pre[i]) == 1) { print log_ "\t" $0; next } }
    ') || true
    # whole lines or none (cl_append), one line naming a full disk
    [ -z "$lines" ] || cl_append "$tsv" "$lines"$'\n' || cl_write_failed "$tsv"
}

# cl_workloads_tsv FILE: the tables read, one header (written whole, then
# renamed). The temporary file is mktemp's in FILE's directory (O_EXCL, a name
# nobody can plant as a symlink), made readable as the umask allows.
cl_workloads_tsv() {
    local tmp
    cl_describe
    if ! tmp=$(mktemp "$(dirname -- "$1")/.workloads.XXXXXX" 2>&1); then
        CL_APPEND_ERR=${tmp##*: }
        return 1
    fi
    # the reason of a failure in CL_APPEND_ERR, as cl_append's (cl_write_failed)
    if CL_APPEND_ERR=$({ printf '%s\n' "$CL_WL_TSV" >"$tmp" &&
        chmod "$(printf '%o' $((0666 & ~$(umask))))" -- "$tmp" && mv -f -- "$tmp" "$1"; } 2>&1); then
        return 0
    fi
    CL_APPEND_ERR=${CL_APPEND_ERR##*: }
    rm -f -- "$tmp"
    return 1
}

# cl_workloads warm|loaded|cold [BINARY]: CL_WORKLOADS, the cells to
# measure. A workload whose loaded arguments differ from its full ones (the
# TRG: a loaded call at the full size takes minutes) gets the cell
# <workload>load at the loaded size: loaded runs measure that one, warm runs
# both, so that every loaded cell has its idle twin. cold: the workloads of
# BINARY (default p28_timing) only, at their own size.
cl_workloads() {
    local w mode=${1:-warm}
    cl_describe
    CL_WORKLOADS=
    for w in "${CL_WL_NAMES[@]}"; do
        if [ "$mode" = cold ]; then
            [ "${CL_WL_BINARY[$w]}" = "${2:-p28_timing}" ] && CL_WORKLOADS+=" $w"
            continue
        fi
        if cl_wl_same "$w"; then CL_WORKLOADS+=" $w"
        elif [ "$mode" = warm ]; then CL_WORKLOADS+=" $w ${w}load"
        else CL_WORKLOADS+=" ${w}load"
        fi
    done
    CL_WORKLOADS=${CL_WORKLOADS# }
    local bin
    [ "$mode" = cold ] && return 0
    for bin in $CL_WL_BINARIES; do
        if [ ! -x "$CL_BUILD/$bin" ]; then
            cl_warn "$CL_BUILD/$bin is missing: its workloads skipped (build it with make)"
        fi
    done
}

# cl_wl_same WORKLOAD: its loaded runs take the arguments of its idle ones
# (QUICK takes quick_args for both).
cl_wl_same() {
    [ "${CL_OPT[QUICK]}" = 1 ] || [ "${CL_WL_LOADED_ARGS[$1]}" = "${CL_WL_ARGS[$1]}" ]
}

# cl_cell CELL: CL_CELL_WORKLOAD (the CSV workload), CL_CELL_BINARY (path),
# CL_CELL_PARAMS (whole.csv params) and CL_CELL_ARGS (array) of a cell of
# cl_workloads; --runs N appended when the user gave it.
cl_cell() {
    local w=$1 args
    cl_describe
    if [ -z "${CL_WL_BINARY[$w]:-}" ] && [ -n "${CL_WL_BINARY[${w%load}]:-}" ]; then
        w=${w%load}
        args=${CL_WL_LOADED_ARGS[$w]} CL_CELL_PARAMS=${CL_WL_LOADED_PARAMS[$w]}
    elif [ -n "${CL_WL_BINARY[$w]:-}" ]; then
        args=${CL_WL_ARGS[$w]} CL_CELL_PARAMS=${CL_WL_PARAMS[$w]}
    else
        cl_die "internal: unknown workload $1"
    fi
    if [ "${CL_OPT[QUICK]}" = 1 ]; then args=${CL_WL_QUICK_ARGS[$w]} CL_CELL_PARAMS=${CL_WL_QUICK_PARAMS[$w]}; fi
    CL_CELL_WORKLOAD=$w
    CL_CELL_BINARY=$CL_BUILD/${CL_WL_BINARY[$w]}
    read -ra CL_CELL_ARGS <<<"$args"
    if [ -n "${CL_OPT[RUNS]}" ]; then CL_CELL_ARGS+=(--runs "$CL_RUNS"); fi
}

# cl_series_max: the most timed series one process runs (ising_trg: one per
# beta) at this mode's sizes, for the watchdog; 1 when nothing is described.
cl_series_max() {
    local w n max=1
    cl_describe
    for w in "${CL_WL_NAMES[@]}"; do
        if [ "${CL_OPT[QUICK]}" = 1 ]; then n=${CL_WL_QUICK_SERIES[$w]}; else n=${CL_WL_SERIES[$w]}; fi
        [ "$n" -gt "$max" ] && max=$n
    done
    echo "$max"
}

declare -gA CL_RUNNO=()

# cl_measure CELL WIDTH: one measurement (one process) of a cl_workloads cell
# with the current tags, through the launcher (cl_exec_run): its rows into
# samples.csv (the program's own, per call), the launcher's row into runs.csv,
# one tool=coldload-run row into whole.csv, the page line on stderr.
cl_measure() {
    local w=$1 width=$2 before step cmd
    cl_cell "$w"
    cmd=("$CL_CELL_BINARY" "${CL_CELL_ARGS[@]}")
    # The budget bounds the whole measurement (ising_trg: all its betas; a
    # beta that would start after it is spent is skipped).
    cl_tags
    cmd+=(--width "$width" --budget "$CL_BUDGET" --precision "$CL_PRECISION" --csv "$CL_SAMPLES" "${CL_TAGS[@]}")
    # The pthread OpenBLAS starts nproc threads when it loads, whatever width
    # is set later, and its idle ones spin: a width-1 run would share the
    # machine with a spinner of its own. Start it at the measured width.
    cmd=(env OPENBLAS_NUM_THREADS="$width" "${cmd[@]}")
    step=$CL_NAME-$CL_TAG_CONDITION
    [ "$CL_TAG_CONDITION" = loaded ] && step+=-$CL_TAG_LOAD-s$CL_TAG_STRESSORS
    step+=-$w-w$width-p$CL_TAG_PROC
    before=$(cl_samples_lines)
    local rc=0
    cl_exec_run "$step" "$CL_CELL_WORKLOAD" "$CL_CELL_PARAMS" "$width" "${cmd[@]}" || rc=$?
    if [ "$rc" != 0 ]; then
        CL_FAILURES=$((CL_FAILURES + 1))
        # the report lists the warnings: the first failure quotes its stderr
        local said=''
        [ "$CL_FAILURES" -gt 1 ] || said=$(cl_err_line "$CL_LOG.err")
        cl_warn "$step failed with exit status $rc (see $CL_LOG.err${said:+; it said: $said})"
    fi
    # One process may run several series (ising_trg: one per beta): its
    # whole-process row names them all.
    CL_RUN_WORKLOAD=$CL_CELL_WORKLOAD CL_RUN_WIDTH=$width CL_RUN_PARAMS=$CL_CELL_PARAMS
    CL_RUN_WAIT=$(cl_samples_field "$before" wait)
    CL_RUNNO[$w]=$(( ${CL_RUNNO[$w]:-0} + 1 ))
    cl_whole_run "$CL_CELL_WORKLOAD" "${CL_RUNNO[$w]}" "$rc"
    cl_meta_binary_once "$CL_LOG.out"
    grep -v '^#' "$CL_LOG.out" | sed "s/^/    /" >&2 || true
}
