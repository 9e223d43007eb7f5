# shellcheck shell=bash
# harness/lib/launch.sh -- one program run once through the launcher,
# build/coldload-run, as the jobs that time anyone's program run it
# (threads.sh's cells, ab.sh's sides): the width written into its
# environment and arguments, the call, the failure path, and coldload-run's
# --result read by column name. Sourced by harness/lib/all.sh.

# cl_run_result VAR FILE: coldload-run's --result FILE into the associative
# array VAR by column name (VAR[status], VAR[exit_code], VAR[wall_ms] ...:
# the columns of src/tools/coldload-run.c's runWriteResult). 1 when FILE cannot be read or is empty; 2 when it is
# there but unreadable -- a column missing, no row, or a status, exit code
# or count left that is not one (hostile data: checked, never run).
cl_run_result() {
    local -n cl_result=$1
    local cl_result_text='' cl_result_col
    local cl_result_cols=(status exit_code wall_ms user_ms sys_ms minflt majflt left bound_ms)
    local -A cl_result_rows=()
    cl_result=()
    { cl_result_text=$(<"$2"); } 2>/dev/null || return 1
    [ -n "$cl_result_text" ] || return 1
    cl_tsv_rows cl_result_rows "coldload-run wrote a result" "$cl_result_text" "${cl_result_cols[@]}" || return 2
    [ "${cl_result_rows[n]}" -gt 0 ] || return 2
    for cl_result_col in "${cl_result_cols[@]}"; do cl_result["$cl_result_col"]=${cl_result_rows[0,$cl_result_col]}; done
    [[ ${cl_result[status]} =~ ^[a-z]+$ && ${cl_result[exit_code]} =~ ^[0-9]+$ && ${cl_result[left]} =~ ^[0-9]+$ ]] || return 2
}

# cl_launch VAR STEP WIDTH OUT ENV... -- OPT... -- PROG ARG...: PROG run once
# through coldload-run (cl_exec, logs/STEP.out and .err): WIDTH (a width,
# or `default`: the variables unset) written into CL_WIDTH_ENV's variables
# and for {width} in the ARGs (harness/lib/widths.sh; PROG as it is), OUT (a
# path, or empty: none) for {out} in them; ENV (VAR=VALUE words) after the width's; capped at
# --budget with the job's --grace, --sample-ms and --keep-output (CL_OPT),
# OPT the launcher's options of the run (its rows, hash, tags). Its result
# into the associative array VAR, by column name (cl_run_result), and
# VAR[rc] coldload-run's exit status. 1 when coldload-run failed (said in
# one warning; a full results disk ends the job; a launcher killed has what
# it ran swept from its cgroup, the processes so ended said): the caller
# counts it. An unreadable result ends the job.
cl_launch() {
    local -n cl_launch_r=$1
    local step=$2 width=$3 out=$4 a left res rc=0 xrc=0
    shift 4
    cl_launch_r=()
    local -a envset=() opts=() run=()
    cl_width_envset envset "$width"
    while [ "$1" != -- ]; do envset+=("$1"); shift; done
    shift
    while [ "$1" != -- ]; do opts+=("$1"); shift; done
    shift
    local prog=$1
    shift
    local -a width_args=()
    cl_width_args width_args "$width" "$@"
    run=("${width_args[@]}")
    if [ -n "$out" ]; then
        run=()
        for a in "${width_args[@]}"; do run+=("${a//\{out\}/$out}"); done
    fi
    [ -n "$CL_EXEC_TMP" ] || cl_tmpdir CL_EXEC_TMP
    res=$CL_EXEC_TMP/launch.tsv
    rm -f -- "$res"
    cl_exec "$step" env "${envset[@]}" "$CL_BUILD/coldload-run" --cap "$CL_BUDGET" --grace "${CL_OPT[GRACE]}" \
        --sample-ms "${CL_OPT[SAMPLE_MS]}" --keep-output "${CL_OPT[KEEP_OUTPUT]}" --result "$res" "${opts[@]}" -- "$prog" "${run[@]}" || xrc=$?
    [ "$xrc" != 0 ] || cl_run_result cl_launch_r "$res" || rc=$?
    [ "$rc" != 2 ] || cl_die "$step: coldload-run wrote an unreadable result line (see $res)"
    # shellcheck disable=SC2034 # the caller's array (a nameref)
    cl_launch_r[rc]=$xrc
    [ "$xrc" != 0 ] || [ "$rc" != 0 ] || return 0
    # a row that did not fit: the one line naming the disk, as everywhere
    if cl_disk_full "$CL_OUT"; then cl_die "$(cl_disk_msg)"; fi
    # the launcher was killed: what it ran is still in its cgroup, ended here
    if [ "$xrc" -gt 128 ]; then
        left=$("$CL_BUILD/coldload-run" --sweep 2>/dev/null) || left=
        [ -z "$left" ] || cl_warn "$step: $left process(es) of the run outlived coldload-run; killed (its cgroup)"
    fi
    cl_warn "$step: coldload-run failed (exit $xrc; see $CL_LOG.err)"
    return 1
}

# cl_cannot_start VAR: true when the run of cl_launch's result VAR could not
# start the program -- not executable, its #! interpreter or a library
# missing (status noexec, or failed with exit 126 or 127; ld.so's "error
# while loading shared libraries" is 127): every run would fail the same way.
cl_cannot_start() {
    local -n cl_cannot=$1
    [ "${cl_cannot[status]}" = noexec ] || { [ "${cl_cannot[status]}" = failed ] && [[ ${cl_cannot[exit_code]} == 12[67] ]]; }
}
