# shellcheck shell=bash
# harness/lib/cellrun.sh -- one run of the program in one cell, for
# harness/threads.sh (sourced by it alone): its launcher options (rows into
# the results directory, or a remedy's own; the output check; the slow limit
# and the quota), the run (cl_launch, harness/lib/launch.sh) and the counts
# the report lists (taken, failed, stopped).
#
# It owns the state of the threads job, which threads.sh writes through
# threads_set and threads_set_args (never by assignment), and which this file
# and harness/lib/levels.sh read by key:
#   CL_TH[KEY]          the job's settings and running counts, keys below
#   CL_TH_ARGS          the program's ARGS (an array: each a word of its own)
#   CL_TH_TAKEN[KEY]    per cell key ("WIDTH/LOAD", a remedy's setting after
#   CL_TH_FAILED[KEY]   the width): runs taken, failed, and the stops of
#   CL_TH_STOPPED[KEY]  those stopped ("cut at N ms, slow at M ms")
#   CL_TH_IDLE_MS[W]    per cell: its idle runs' wall times (ms, blank-separated)
#   CL_TH_SLOW_AFTER[W] per cell: the seconds past which a loaded run is known slow
# Set once by threads.sh: binary (the program), name (its basename), params
# (ARGS as one string, runs.csv's), check_output (0/1), check_what (stdout,
# {out} or the --check-file path), check_file, again_width (the width run
# again as cell `again`), quota (the quota level's CPUs), slow_stop,
# remedies_mode, total (--total, or empty), runs_csv, tmp (the directory of
# the launcher's files), cells, loads and stressors (blank-separated lists).
# Kept up by the runs: nout (the {out} files made), rows_dir and run_env
# (where a remedy's rows go and its VAR=VALUE setting, empty for the cells),
# last_status, left_total, first_failure and perf_noted (0 until said in
# meta), deadline_hit, skip_default, again_on, level_rounds.
declare -gA CL_TH=(
    [binary]='' [name]='' [params]='' [check_output]=1 [check_what]=stdout [check_file]=''
    [again_width]='' [quota]='' [slow_stop]='' [remedies_mode]='' [total]=''
    [runs_csv]='' [tmp]='' [cells]='' [loads]='' [stressors]=''
    [nout]=0 [rows_dir]='' [run_env]='' [last_status]='' [left_total]=0
    [first_failure]=0 [perf_noted]=0 [deadline_hit]=0 [skip_default]=0 [again_on]=0
    [level_rounds]=''
)
CL_TH_ARGS=()
declare -gA CL_TH_TAKEN=() CL_TH_FAILED=() CL_TH_STOPPED=() CL_TH_IDLE_MS=() CL_TH_SLOW_AFTER=()

# threads_set KEY VALUE: CL_TH[KEY]=VALUE for a KEY the list above names (a
# misspelt one is a bug: stop there rather than keep a value nobody reads).
threads_set() {
    [[ -v CL_TH[$1] ]] || cl_die "threads_set: no key '$1' in the threads job's state (harness/lib/cellrun.sh)"
    CL_TH[$1]=$2
}

# threads_set_args ARGS...: the program's arguments, as given after --.
threads_set_args() {
    CL_TH_ARGS=("$@")
}

# threads_cannot_start CELL STATUS CODE: the warm-up found that the program
# cannot start here -- not executable, its #! interpreter or a library
# missing (status noexec, exit 126 or 127; ld.so's "error while loading
# shared libraries" is 127) -- so every run would fail the same way: stop
# before any load, with one line quoting its stderr and what to do.
threads_cannot_start() {
    cl_die "${CL_TH[name]} cannot start here: $(cl_start_why "$CL_LOG.err" "$2" "$3") (its warm-up run at width $1: $2, exit $3; $CL_LOG.err). Make ${CL_TH[binary]} run on this machine -- install the library it names (in the container: an image that carries it, see README), or fix its #! line -- then run again; nothing was measured"
}

# threads_run CELL PROC WARMUP: one run of the program in CELL (a width or
# `default`), its rows and counts; WARMUP=1 measures nothing.
threads_run() {
    local cell=$1 proc=$2 warm=$3 step rows_dir=${CL_TH[rows_dir]}
    local rows=${rows_dir:-$CL_OUT}
    local -a hash=() rec=() run_env=()
    local -A result=()
    [ -z "${CL_TH[run_env]}" ] || run_env=("${CL_TH[run_env]}")
    threads_set nout $((CL_TH[nout] + 1))
    local out=${CL_TH[tmp]}/out${CL_TH[nout]}
    # the cell run again (the A/A control, levels.sh's threads_again): its
    # width's run, tagged copy=again
    local w=$cell copy=$CL_TAG_COPY
    [ "$cell" != again ] || w=${CL_TH[again_width]} copy=again
    step="threads-w$cell-$CL_TAG_LOAD-p$proc${rows_dir:+-${rows_dir##*/}}"
    [ "$warm" = 1 ] && step="threads-w$cell-warmup"
    if [ "$warm" = 0 ]; then
        # shellcheck disable=SC2034 # a run's tag, read by cl_tags (lib/csv.sh)
        CL_TAG_PROC=$proc
        CL_TAG_COPY=$copy cl_tags
        # every row of the run is coldload-run's (its column table): runs.csv,
        # samples.csv and whole.csv
        rec=(--runs-csv "$rows/runs.csv" --csv "$rows/samples.csv" --whole-csv "$rows/whole.csv"
            --workload "${CL_TH[name]}" --params "${CL_TH[params]}" --width "$w" "${CL_TAGS[@]}" "${CL_SERIES_RUN[@]}")
    fi
    case ${CL_TH[check_output]}/${CL_TH[check_what]} in
        0/*) hash=(--no-hash) ;;
        1/stdout) ;;
        '1/{out}') hash=(--hash-file "$out" --remove-hash-file) ;;
        *) # a stale file from an earlier run (or before) must never be hashed
            rm -f -- "${CL_TH[check_file]}" || cl_die "--check-file ${CL_TH[check_file]}: could not remove it before the run"
            hash=(--hash-file "${CL_TH[check_file]}") ;;
    esac
    [ "$CL_TAG_LOAD" = none ] || [ -z "${CL_TH_SLOW_AFTER[$cell]:-}" ] || rec+=(--slow-after "${CL_TH_SLOW_AFTER[$cell]}")
    [ "$CL_TAG_LOAD" != quota ] || rec+=(--quota "${CL_TH[quota]}")
    # the width written as every job writes it, and a remedy's setting after
    # it (run_env, harness/lib/levels.sh)
    if ! cl_launch result "$step" "$w" "$out" "${run_env[@]}" -- "${rec[@]}" "${hash[@]}" -- "${CL_TH[binary]}" "${CL_TH_ARGS[@]}"; then
        CL_FAILURES=$((CL_FAILURES + 1))
        return 0
    fi
    local st=${result[status]} code=${result[exit_code]} left=${result[left]}
    if [ "$warm" = 1 ] && cl_cannot_start result; then
        threads_cannot_start "$cell" "$st" "$code"
    fi
    if [ "$left" -gt 0 ]; then
        threads_set left_total $((CL_TH[left_total] + left))
        cl_meta threads_left "$step: $left process(es) left behind, killed after the run"
    fi
    threads_set last_status "$st"
    [ "$warm" = 1 ] && return 0
    threads_tally "$cell" "$step" "$st" "$code" "${result[wall_ms]}" "${result[bound_ms]}"
}

# threads_tally CELL STEP STATUS CODE WALL BOUND: a measured run of CELL
# counted for the report -- taken, stopped (cut or slow, at BOUND ms),
# failed (the first one's stderr quoted in meta), an idle run's WALL ms
# kept for the slow limits -- and, once, what perf could count.
threads_tally() {
    local cell=$1 step=$2 st=$3 code=$4 rows_dir=${CL_TH[rows_dir]}
    local key="$cell${rows_dir:+ (${CL_TH[run_env]:-remedy ${rows_dir##*/}})}/$CL_TAG_LOAD"
    CL_TH_TAKEN[$key]=$(( ${CL_TH_TAKEN[$key]:-0} + 1 ))
    case $st in
        ok) [ "$CL_TAG_LOAD" != none ] || CL_TH_IDLE_MS[$cell]+=" $5" ;;
        cut | slow) CL_TH_STOPPED[$key]="${CL_TH_STOPPED[$key]:+${CL_TH_STOPPED[$key]}, }$st at $6 ms" ;;
        *)
            CL_TH_FAILED[$key]=$(( ${CL_TH_FAILED[$key]:-0} + 1 ))
            if [ "${CL_TH[first_failure]}" = 0 ]; then   # the report quotes it
                threads_set first_failure 1
                local said
                said=$(cl_err_line "$CL_LOG.err")
                cl_meta threads_first_failure "$step ($st, exit $code; logs/${CL_LOG##*/}.err): ${said:-nothing on stderr}"
            fi
            ;;
    esac
    if [ "${CL_TH[perf_noted]}" = 0 ]; then
        threads_set perf_noted 1
        local why
        why=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "perf_why") c = i; next }
            END { if (c) print $c }' "${CL_TH[runs_csv]}")
        cl_meta threads_perf "${why:-cpu-migrations and context-switches counted (perf_event_open, inherit)}"
    fi
}
