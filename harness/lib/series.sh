# shellcheck shell=bash
# harness/lib/series.sh -- --series-regex RE: the per-call times a program
# prints, one a line, as its processes' in-process series (the warm-up
# classes and the warmup verdict then apply to it; docs/series.md).
# threads.sh hands RE to coldload-run, which matches stdout as the run goes
# and writes the calls beside the run's own row (phase call); cold.sh hands
# each --binary run's saved stdout to coldload-series, which writes them as
# the page's binaries write theirs (phase first, then steady). The output
# is matched in C (launch/series.h: POSIX regcomp, no back-reference,
# bounded lines, counts and time), never evaluated. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts.
# shellcheck disable=SC2034

CL_SERIES_RUN=()   # coldload-run's flags: --series-regex RE, when given

# cl_series_check: the script's --series-regex, when given, compiles and has
# a capture group: else one line and exit 2, before anything is made. Called
# by cl_finalize_opts.
cl_series_check() {
    local why row used
    [ -n "${CL_OPT[SERIES_REGEX]:-}" ] || return 0
    cl_opt_row row used --series-regex && [ "$used" = 1 ] || return 0
    cl_need_binary "$CL_BUILD/coldload-series"
    if ! why=$("$CL_BUILD/coldload-series" --regex "${CL_OPT[SERIES_REGEX]}" --check 2>&1); then
        why=${why%%$'\n'*}
        CL_DYING=1
        printf 'coldload %s: %s\n' "$CL_NAME" "--series-regex${why#coldload-series: --regex}" >&2
        exit 2
    fi
    CL_SERIES_RUN=(--series-regex "${CL_OPT[SERIES_REGEX]}")
}

# cl_series_note WHAT N_NONE N_RUNS: meta series_regex and series_runs, and
# a note (stderr, and the report's harness lines) when N_NONE of the
# N_RUNS runs printed no time RE matches: their calls are missing, nothing
# failed.
cl_series_note() {
    [ -n "${CL_OPT[SERIES_REGEX]:-}" ] || return 0
    cl_meta series_regex "${CL_OPT[SERIES_REGEX]}"
    cl_meta series_runs "$(($3 - $2)) of $3 runs gave per-call times ($1)"
    [ "$2" -gt 0 ] || return 0
    local msg="note: --series-regex matched no time in the output of $2 of $3 runs ($1): no calls of theirs are classed (see logs/*.out)"
    printf 'coldload %s: %s\n' "$CL_NAME" "$msg" >&2
    cl_meta warning "$CL_NAME: $msg"
}

# cl_series_runs RUNS_CSV: cl_series_note from runs.csv's series_calls
# (coldload-run's count per run; runs that did not succeed have none).
cl_series_runs() {
    local c none runs
    [ -n "${CL_OPT[SERIES_REGEX]:-}" ] || return 0
    c=$(cl_csv_col "$1" series_calls)
    [ -n "$c" ] || return 0
    read -r none runs < <(awk -F, -v c="$c" 'NR > 1 && $c != "" { n++; if ($c == 0) z++ }
        END { print z + 0, n + 0 }' "$1")
    cl_series_note "runs.csv series_calls" "$none" "$runs"
}

# cl_series_cold LOG WORKLOAD PARAMS: a --binary run's calls out of its saved
# stdout (LOG) into samples.csv, the run's tags on them; the count of runs
# without a time in CL_SERIES_NONE, of runs read in CL_SERIES_READ.
CL_SERIES_NONE=0 CL_SERIES_READ=0
cl_series_cold() {
    local n
    [ -n "${CL_OPT[SERIES_REGEX]:-}" ] || return 0
    cl_tags
    n=$("$CL_BUILD/coldload-series" --regex "${CL_OPT[SERIES_REGEX]}" --csv "$CL_SAMPLES" \
        --workload "$2" --params "$3" --width 1 "${CL_TAGS[@]}" <"$1" 2>>"${1%.out}.err") ||
        cl_die "coldload-series could not write the calls of $1 to $CL_SAMPLES (see ${1%.out}.err)"
    CL_SERIES_READ=$((CL_SERIES_READ + 1))
    [ "$n" != 0 ] || CL_SERIES_NONE=$((CL_SERIES_NONE + 1))
}
