# shellcheck shell=bash
# harness/lib/csv.sh -- whole.csv rows (the launcher's, hyperfine's), the --tag flags
# that give samples.csv its tag columns, and reading back what a run added to
# samples.csv. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# cl_csv_line FIELD...: one RFC 4180 line, each field one line of text
# (cl_escape, the rule of the binaries' CSV writer), quoted when it must be.
cl_csv_line() {
    local f line='' sep=''
    for f in "$@"; do
        cl_escape f "$f"
        if [[ $f == *[,\"]* ]]; then f="\"${f//\"/\"\"}\""; fi
        line+=$sep$f
        sep=,
    done
    printf '%s\n' "$line"
}

# cl_whole_row TOOL LABEL RUN WALL_MS USER_MS SYS_MS MINFLT MAJFLT EXIT_CODE
# The row is built first and appended with one printf; when it does not fit
# (a full disk) whole.csv is cut back to its size before it, and the run ends.
cl_whole_row() {
    local line
    line=$(cl_csv_line "$(cl_utc)" "$(hostname)" "$CL_TAG_HARNESS" "$CL_TAG_CONDITION" "$CL_TAG_STRESSORS" \
        "$CL_TAG_COPY" "$CL_RUN_WORKLOAD" "$CL_RUN_PARAMS" "$CL_RUN_WIDTH" "$CL_RUN_WAIT" "$@" \
        "$CL_TAG_LOAD" "$CL_TAG_PROC")
    cl_append "$CL_WHOLE" "$line"$'\n' || cl_write_failed "$CL_WHOLE"
}

# cl_whole_run LABEL RUN RC: the last cl_exec_run, whose exit status was RC,
# as a whole.csv row, tool coldload-run: the launcher's wall time (exec to
# exit) and wait4's CPU times and page faults (older directories have GNU
# time's, tool time).
cl_whole_run() {
    cl_whole_row coldload-run "$1" "$2" "$CL_WALL_MS" "$CL_USER_MS" "$CL_SYS_MS" "$CL_MINFLT" "$CL_MAJFLT" "$3"
}

# cl_row_copy COPY [PROC]: the copy tag, and the process tag when given, of
# the rows and --tag flags that follow (CL_TAG_COPY, CL_TAG_PROC).
cl_row_copy() {
    CL_TAG_COPY=$1
    [ $# -lt 2 ] || CL_TAG_PROC=$2
}

# cl_row_run WORKLOAD PARAMS WIDTH WAIT: what ran, in the whole.csv rows that
# follow (CL_RUN_WORKLOAD, CL_RUN_PARAMS, CL_RUN_WIDTH, CL_RUN_WAIT).
cl_row_run() {
    CL_RUN_WORKLOAD=$1 CL_RUN_PARAMS=$2 CL_RUN_WIDTH=$3 CL_RUN_WAIT=$4
}

# hyperfine 1.15 exports per-run wall times and exit codes, but CPU times only
# as the mean over the runs: a per-run row leaves user_ms and sys_ms empty
# (a mean is no run's figure; it stays in the JSON export).
cl_whole_hyperfine() {
    local label run wall code
    while IFS=$'\t' read -r label run wall code; do
        CL_TAG_PROC=$run   # each hyperfine run is a process of its own
        cl_whole_row hyperfine "$label" "$run" "$(printf '%.3f' "$wall")" "" "" "" "" "$code"
    done < <(jq -r '.results[] as $r | range(0; $r.times | length) as $i
        | [$r.command, $i + 1, $r.times[$i] * 1000, ($r.exit_codes[$i] // "" | tostring)] | @tsv' "$1")
}

# CL_TAGS: the --tag flags every binary gets (CL_SAMPLES_TAGS, in order), so
# every samples.csv row has the same header whichever harness wrote it.
cl_tags() {
    CL_TAGS=(--tag "harness=$CL_TAG_HARNESS" --tag "condition=$CL_TAG_CONDITION"
        --tag "stressors=$CL_TAG_STRESSORS" --tag "copy=$CL_TAG_COPY"
        --tag "load=$CL_TAG_LOAD" --tag "proc=$CL_TAG_PROC")
}

# cl_csv_col FILE NAME: the 1-based number of FILE's column NAME, by its
# header line (samples.csv's columns are the binaries' csvwrite table, so a
# reader finds them by name, never by position); nothing when there is none.
cl_csv_col() {
    [ -f "$1" ] || return 0
    awk -F, -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) { print i; exit } exit }' "$1"
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
