# shellcheck shell=bash
# harness/lib/plan.sh -- what coldload-summarize tells a harness between
# rounds, read as data: its plans (--decided, --threads-decided,
# --firstrun-decided, --threads-remedies, --ab-decided; src/export/plan.h)
# are TSV tables, a header line naming the columns and then one row a line,
# read here by column name, never by position, so a new column shifts
# nothing. Sourced by harness/lib/all.sh.

# Variables set here are read by the callers.
# shellcheck disable=SC2034

# cl_plan "COL..." FLAG ARGS...: runs coldload-summarize FLAG ARGS... and
# reads its plan into CL_PLAN, an associative array: CL_PLAN[n] the number
# of rows, CL_PLAN[I,COL] row I's field of column COL (I from 0) for each
# COL named (space-separated; a short row's missing fields empty). 1 when
# the tool failed or its plan's header lacks a COL: CL_PLAN[n] is then 0 and
# CL_PLAN[error] one line saying why (the tool's first line on stderr, or
# the column missing), for the caller's warning and its safe way on (the
# rule may only stop a cell early, never lose one). CL_PLAN[dir] is where
# the tool's stderr goes, a directory of cl_tmpdir's made at the first call.
#
# Every field is the tool's output, read as hostile data: the callers only
# compare a field or check it against a pattern before they use it, never
# run it, and a message shows it through cl_escape.
declare -gA CL_PLAN=([n]=0 [error]='' [dir]='')
cl_plan() {
    local cols=() out dir=${CL_PLAN[dir]:-} rc=0
    read -ra cols <<<"$1"
    shift
    [ -n "$dir" ] || cl_tmpdir dir
    CL_PLAN=([n]=0 [error]='' [dir]="$dir")
    local err=$dir/plan.err
    out=$("$CL_BUILD/coldload-summarize" "$@" 2>"$err") || rc=$?
    if [ "$rc" -ne 0 ]; then
        CL_PLAN[error]="exit $rc: $(cl_err_line "$err")"
        return 1
    fi
    cl_plan_rows "$1" "$out" "${cols[@]}"
}

# cl_plan_rows FLAG PLAN COL...: PLAN's rows into CL_PLAN as cl_plan's (1,
# with CL_PLAN[error], when its header lacks a COL).
cl_plan_rows() {
    local flag=$1 plan=$2
    shift 2
    cl_tsv_rows CL_PLAN "coldload-summarize $flag wrote a plan" "$plan" "$@"
}

# cl_tsv_rows VAR WHAT TABLE COL...: TABLE (a header line naming the
# columns, then one row a line: a plan, coldload-run's --result) into the
# associative array VAR, by column name: VAR[n] the number of rows,
# VAR[I,COL] row I's field of column COL (I from 0; a short row's missing
# fields empty); VAR[dir] is kept. 1 when the header lacks a COL: VAR[n] is
# then 0 and VAR[error] "WHAT without the column COL (its header: ...)".
cl_tsv_rows() {
    local -n cl_tsv=$1
    local what=$2 table=$3 line rest col i j n=0 head=() fields=() idx=()
    shift 3
    local want=("$@")
    cl_tsv=([n]=0 [error]='' [dir]="${cl_tsv[dir]:-}")
    local lines=()
    mapfile -t lines <<<"$table"
    for ((i = 0; i < ${#lines[@]}; i++)); do
        line=${lines[i]}
        [ "$i" -eq 0 ] || [ -n "$line" ] || continue
        # the fields, empty ones kept (read -a would fold a run of tabs)
        fields=() rest=$line
        while [[ $rest == *$'\t'* ]]; do
            fields+=("${rest%%$'\t'*}")
            rest=${rest#*$'\t'}
        done
        fields+=("$rest")
        if [ "$i" -eq 0 ]; then
            head=("${fields[@]}")
            for col in "${want[@]}"; do
                for ((j = 0; j < ${#head[@]}; j++)); do [ "${head[j]}" != "$col" ] || break; done
                if [ "$j" -eq ${#head[@]} ]; then
                    cl_escape line "$line" 200
                    cl_tsv[error]="$what without the column $col (its header: $line)"
                    return 1
                fi
                idx+=("$j")
            done
            continue
        fi
        for ((j = 0; j < ${#want[@]}; j++)); do cl_tsv["$n,${want[j]}"]=${fields[idx[j]]:-}; done
        n=$((n + 1))
    done
    cl_tsv[n]=$n
}
