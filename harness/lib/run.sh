# shellcheck shell=bash
# harness/lib/run.sh -- running things: the supervisor, the traps and the
# clean-up on every way out, a child through the launcher (coldload-run:
# its watchdog, its leftovers, a measured run's row of runs.csv), progress
# lines (processes in the background and process groups are
# harness/lib/procs.sh's). Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

cl_init() {
    CL_NAME=$1
    CL_TAG_HARNESS=$1
    shift
    cl_supervise "$@"
    CL_CMDLINE="$0${*:+ $*}"
    CL_STARTED_MS=$(cl_now_ms)
}

# cl_supervise_killed RC OUT PID: the harness PID, killed by signal RC-128
# with no trap of its own run, said in OUT/meta.txt (unless its last line
# is its exit status already) and on stderr.
cl_supervise_killed() {
    local rc=$1 out=$2 line last='' name
    while IFS= read -r line; do last=$line; done <"$out/meta.txt"
    [[ $last != "${CL_NAME}_exit_status="* ]] || return 0
    name="signal $((rc - 128))"
    [ "$rc" != 137 ] || name=SIGKILL
    printf '%s\n' "${CL_NAME}_interrupted_by=$name" "${CL_NAME}_exit_status=$rc" >>"$out/meta.txt"
    printf 'coldload %s: the harness (pid %s) was killed by %s; results so far kept in %s\n' "$CL_NAME" "$3" "$name" "$out" >&2
}

# cl_rm_again FILE: rm, tried again while FILE is there. rm is a process of
# the caller's group: a second signal sent to the group (a terminal's HUP
# after its INT) can kill it before it unlinks (1 soak run in 150); a caller
# whose traps keep it alive tries again.
cl_rm_again() {
    local k
    for k in 1 2 3 4 5; do
        rm -f -- "$1" 2>/dev/null
        [ -e "$1" ] || return 0
    done
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
#
# The supervisor runs without set -e (it only ever exits from here): a trap
# whose kill finds the child already reaped -- a second signal at the end --
# returns 1, and set -e would exit 1 before the rm and the 128+n.
# The traps' kills end in || true for the same reason.
cl_supervise() {
    [ "${COLDLOAD_SUPERVISOR:-}" = "$PPID" ] && return 0
    set +e
    local child='' rc=0 sig='' outf='' out='' n tries=0
    # The traps come first: a signal between making the hand-over file and
    # trapping would kill us by its default action and leave the file behind
    # (1 run in 230 of the soak). The traps cope with no child yet.
    trap 'sig=${sig:-INT}; kill -INT "$child" 2>/dev/null || true' INT
    trap 'sig=${sig:-TERM}; kill -TERM "$child" 2>/dev/null || true' TERM
    trap 'sig=${sig:-HUP}; kill -HUP "$child" 2>/dev/null || true' HUP
    # The file is made without a $(...) or a subshell (nothing for a signal
    # to land in, see above): noclobber creates it with O_EXCL, so a planted
    # name or symlink is refused and another name is tried.
    while [ -z "$outf" ] && [ "$tries" -lt 20 ]; do
        tries=$((tries + 1))
        outf="${TMPDIR:-/tmp}/coldload-out.$$.$RANDOM$RANDOM"
        set -C
        { true >"$outf"; } 2>/dev/null || outf=''
        set +C
    done
    if [ -z "$outf" ]; then   # unsupervised, then
        trap - INT TERM HUP
        set -e
        if [ -n "$sig" ]; then kill "-$sig" $$; fi
        return 0
    fi
    cl_pdeath TERM env --default-signal=INT,TERM,HUP COLDLOAD_SUPERVISOR=$$ COLDLOAD_OUT_FILE="$outf" \
        bash "$0" "$@" &
    child=$!
    # a signal that came before the child existed is the child's too
    if [ -n "$sig" ]; then kill "-$sig" "$child" 2>/dev/null || true; fi
    # wait returns early for each trap; the child's status comes when it is
    # reaped (`|| rc=$?`: the scripts run under set -e)
    # (wait's stderr: bash's own "line N: PID Killed" for a child killed
    # outright, said below in our words)
    while kill -0 "$child" 2>/dev/null; do
        rc=0
        wait "$child" 2>/dev/null || rc=$?
    done
    if [ -s "$outf" ]; then read -r out <"$outf" || true; fi
    cl_rm_again "$outf"
    # The child killed outright (SIGKILL: no trap of its own ran, so meta.txt
    # does not end in its exit status): said here, with the right signal.
    if [ -z "$sig" ] && [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ] && [ -n "$out" ] && [ -f "$out/meta.txt" ]; then
        cl_supervise_killed "$rc" "$out" "$child"
    fi
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
    # The supervisor removes the file it handed us (cl_supervise); one killed
    # outright (SIGKILL: this exit is its parent-death TERM) cannot, so when
    # our parent is no longer the supervisor, we do.
    if [ -n "${COLDLOAD_OUT_FILE:-}" ] && cl_orphaned; then rm -f -- "$COLDLOAD_OUT_FILE"; fi
    if [ -n "$CL_SIGNAL" ]; then
        printf 'coldload %s: interrupted by SIG%s%s; results so far kept in %s\n' "$CL_NAME" "$CL_SIGNAL" \
            "${CL_SIGNAL_OF:+ (of $CL_SIGNAL_OF)}" "${CL_OUT:-(none)}" >&2
    fi
    exit "$rc"
}

# cl_orphaned: true when this harness had a supervisor (cl_supervise) and
# its parent is no longer it -- the supervisor died without passing a
# signal on. Reads /proc without a $(...) (it runs in the traps).
cl_orphaned() {
    local st='' ppid=''
    [ -n "${COLDLOAD_SUPERVISOR:-}" ] || return 1
    { read -r st </proc/$$/stat; } 2>/dev/null || st=''
    read -r _ ppid _ <<<"${st##*) }"
    [ "${ppid:-}" != "$COLDLOAD_SUPERVISOR" ]
}

# cl_on_signal NAME STATUS: the first signal wins; later ones (and the ones
# arriving while cl_on_exit runs) are ignored. A TERM that is the
# parent-death signal of a supervisor killed outright is said as what ended
# the job: SIGKILL -- the one signal the supervisor cannot pass on (it
# traps INT, TERM and HUP) -- of the supervisor, status 137.
cl_on_signal() {
    trap '' INT TERM HUP
    local name=$1 rc=$2
    if [ "$name" = TERM ] && cl_orphaned; then
        name=KILL rc=137
        [ -n "$CL_SIGNAL" ] || CL_SIGNAL_OF="its supervisor, pid $COLDLOAD_SUPERVISOR: the harness stopped when it died"
    fi
    if [ -z "$CL_SIGNAL" ]; then CL_SIGNAL=$name; fi
    [ "$CL_CLEANING" = 1 ] && return 0
    exit "$rc"
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
    if ! d=$(mktemp -d "$CL_OUT/.tmp.$$.XXXXXX" 2>/dev/null); then
        if cl_disk_full "$CL_OUT"; then cl_die_disk_full; fi
        cl_die "cannot make a temporary directory in $CL_OUT"
    fi
    CL_TMPDIRS+=("$d")
    printf -v "$1" '%s' "$d"
}

# The child is the launcher (build/coldload-run), whose program leads a
# process group and a cgroup of its own, or, in report.sh, a harness that
# stops its own children on TERM. TERM to the launcher ends its run (TERM to
# the program's group, KILL a second later, its cgroup emptied).
cl_child_stop() {
    [ -n "$CL_CHILD" ] || return 0
    cl_group_stop "$CL_CHILD" "$CL_CHILD" 150
    CL_CHILD=
}

CL_EXEC_REC=()
CL_EXEC_SAMPLE_MS=0
CL_EXEC_TMP=
CL_EXEC_CG='unset'   # cl_exec_cgroup sets it once

# cl_exec_cgroup: CL_EXEC_CG, the launcher options that make each run's
# cgroup under the harness's own cgroup (cgroup v2, /proc/self/cgroup's 0::
# line), where it may write. A cgroup that holds processes never hands the
# cpu controller to its children, so the run is scheduled exactly as
# without a cgroup of its own -- beside the load, in the harness's session
# (a cgroup of its own under the hierarchy's root, where the root gives the
# cpu controller out, would get a CPU share apart from the load's, as a
# setsid load does: docs/architecture.md) -- and its CPU time and pressure
# are still its own. Nothing (the launcher's default) where that cgroup is
# not writable.
cl_exec_cgroup() {
    local line own='' m
    CL_EXEC_CG=()
    while IFS= read -r line; do [[ $line != 0::* ]] || own=${line#0::}; done </proc/self/cgroup 2>/dev/null || true
    [ -n "$own" ] || return 0
    for m in /sys/fs/cgroup /sys/fs/cgroup/unified; do
        if [ -e "$m/cgroup.controllers" ] && [ -d "$m$own" ] && [ -w "$m$own" ]; then
            CL_EXEC_CG=(--cgroup-parent "$m${own%/}")
            return 0
        fi
    done
}

# cl_exec STEP CMD...: CMD run through the one launcher, build/coldload-run
# (src/tools/coldload-run.c): its own process group and cgroup, capped at the
# watchdog (CL_WATCHDOG_S: TERM, KILL 10 s later), whatever it left behind
# killed after it (its group, its orphans, its cgroup) and counted
# (CL_LEFT_PROCESSES). stdout and stderr go to logs/STEP.out and .err as the
# program writes them: the launcher neither reads nor hashes them, its
# sampler is off (--sample-ms CL_EXEC_SAMPLE_MS, 0) and so are its perf
# counters (--no-perf: a per-task counter makes every context switch of the
# program dearer, and a width-2 call of microseconds switches), so nothing
# of it runs beside the program but a poll that waits. CL_EXEC_REC (an array of
# coldload-run options, cl_exec_run's) records the run as a row of runs.csv.
# Returns the program's status as a shell says it (124 for a run the
# watchdog stopped, as timeout(1) said it); sets CL_TIMED_OUT, CL_LOG, and the
# run's figures CL_WALL_MS (exec to exit) CL_USER_MS CL_SYS_MS CL_MINFLT
# CL_MAJFLT (wait4), empty when the launcher could not say them. A CMD that
# is coldload-run itself (threads.sh, ab.sh: the launcher with a cap of its
# own) runs as it is.
cl_exec() {
    local step=$1 base res=''
    shift
    base=$(cl_unique "$CL_OUT/logs/$step" .out)
    CL_LOG=$base
    local -a launch=()
    if [ "$(cl_cmd_name "$@")" != coldload-run ]; then
        [ -n "$CL_EXEC_TMP" ] || cl_tmpdir CL_EXEC_TMP
        [ "${CL_EXEC_CG[*]}" != unset ] || cl_exec_cgroup
        res=$CL_EXEC_TMP/result
        rm -f -- "$res"
        launch=("$CL_BUILD/coldload-run" --cap "$CL_WATCHDOG_S" --grace 10 --sample-ms "$CL_EXEC_SAMPLE_MS"
            --no-hash --keep-output 0 --no-perf --result "$res" "${CL_EXEC_CG[@]}" "${CL_EXEC_REC[@]}" --)
    fi
    # Backgrounded and waited for, so a signal to the harness is handled at
    # once (bash defers traps while a foreground child runs). The launcher
    # ends its run when the harness dies, SIGKILLed included (its
    # parent-death signal). The lock's fd stays with the harness.
    "${launch[@]}" "$@" >"$base.out" 2>"$base.err" </dev/null {CL_LOCK_FD}>&- &
    CL_CHILD=$!
    local rc=0 t0
    local -A res_of=()
    t0=$(cl_now_ms)
    # bash says a job killed by a signal on its own stderr when wait reaps
    # it ("run.sh: line N: PID Killed  ..."): that kill is said below, once,
    # as the harness says things, so the wait's stderr goes nowhere. (A trap
    # that interrupts the wait runs after it, with the harness's stderr.)
    wait "$CL_CHILD" 2>/dev/null || rc=$?
    CL_CHILD=
    CL_TIMED_OUT=0
    # without the launcher's line (it could not run the program, or was
    # killed): the time the step took, nothing else
    CL_WALL_MS=$(( $(cl_now_ms) - t0 )) CL_USER_MS='' CL_SYS_MS='' CL_MINFLT='' CL_MAJFLT=''
    if [ -n "$res" ] && [ "$rc" = 0 ] && cl_run_result res_of "$res"; then
        rc=${res_of[exit_code]}
        CL_WALL_MS=${res_of[wall_ms]} CL_USER_MS=${res_of[user_ms]} CL_SYS_MS=${res_of[sys_ms]} CL_MINFLT=${res_of[minflt]} CL_MAJFLT=${res_of[majflt]}
        # What the command left running (a daemon of a --binary, `sh -c
        # 'sleep 300 & exit 0'`) was killed by the launcher; counted for meta.
        CL_LEFT_PROCESSES=$((CL_LEFT_PROCESSES + res_of[left]))
        if [ "${res_of[status]}" = cut ]; then
            rc=124 CL_TIMED_OUT=1
            cl_warn "$step: stopped by the watchdog after ${CL_WATCHDOG_S}s"
        elif [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ]; then
            cl_warn "$step: $(cl_cmd_name "$@") was killed by signal $((rc - 128)) after $(awk -v m="${res_of[wall_ms]}" 'BEGIN { printf "%.1f", m / 1000 }') s"
        fi
    elif [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ]; then
        # the launcher itself was killed (wrapping the command, or the
        # command: threads.sh's and ab.sh's runs), by its program or anyone
        cl_warn "$step: coldload-run was killed by signal $((rc - 128)) after $(awk -v m="$CL_WALL_MS" 'BEGIN { printf "%.1f", m / 1000 }') s"
    fi
    cl_run_lines "$base"
    # A command that failed on a full results disk (its "No space left on
    # device" went to the full disk too: an empty .err): the first one ends
    # the run, with one line naming the disk, not N failures later.
    if [ "$rc" != 0 ] && [ "$CL_WRITES_FAILED" = 0 ] && [ -n "$CL_OUT" ] && cl_disk_full "$CL_OUT"; then
        cl_die_disk_full
    fi
    return "$rc"
}

# cl_exec_run STEP WORKLOAD PARAMS WIDTH CMD...: a measured run (warm,
# loaded, cold, first run): cl_exec, and the launcher's row in
# <out>/runs.csv -- wall, CPU time, CPU pressure, its cgroup's figures --
# tagged with the cell (WORKLOAD PARAMS WIDTH) and the harness's tags
# (cl_tags), so the summary joins it to the cell's rows. The page's own
# per-call rows are the program's (its --csv); the launcher's work is all
# outside their timed region.
cl_exec_run() {
    local step=$1 rc=0
    [ -s "$CL_OUT/runs-columns.tsv" ] || cl_runs_columns
    cl_tags
    CL_EXEC_REC=(--runs-csv "$CL_OUT/runs.csv" --workload "$2" --params "$3" --width "${4:-default}" "${CL_TAGS[@]}")
    shift 4
    cl_exec "$step" "$@" || rc=$?
    CL_EXEC_REC=()
    return "$rc"
}

# cl_runs_columns: <out>/runs-columns.tsv, what runs.csv's columns are (the
# launcher's table, coldload-run --list-columns): the summary reads runs.csv
# by it.
cl_runs_columns() {
    "$CL_BUILD/coldload-run" --list-columns >"$CL_OUT/runs-columns.tsv" ||
        cl_die "$CL_OUT/runs-columns.tsv: could not be written"
}

# cl_cmd_name CMD...: the program CMD runs, past env and its -u VAR and
# VAR=VALUE words ("coldload-run" for `env -u X Y=1 build/coldload-run ...`).
cl_cmd_name() {
    while [ $# -gt 0 ]; do
        case $1 in
            env) shift ;;
            -u) shift 2 ;;
            *=*) shift ;;
            *) printf '%s' "${1##*/}"; return 0 ;;
        esac
    done
}

# cl_err_line FILE: the first line of FILE that is not blank -- a log's
# stderr, quoted in a message or meta: hostile text, read bounded (its first
# 4 KiB), one line (cl_escape) and at most 300 bytes; nothing when none.
cl_err_line() {
    local line=''
    [ -r "$1" ] || return 0
    line=$(head -c 4096 -- "$1" 2>/dev/null | grep -a -m1 -v '^[[:space:]]*$') || true
    cl_escape line "$line" 300
    printf '%s' "$line"
}

# cl_start_why ERRFILE STATUS CODE: why a program's warm-up run could not
# start -- the first line of its stderr (cl_err_line), or, when it said
# nothing, what its status and exit code say (126: found, not executable;
# 127: not found, or its #! interpreter missing) -- never an empty reason.
cl_start_why() {
    local said
    said=$(cl_err_line "$1")
    if [ -n "$said" ]; then printf '%s' "$said"; return 0; fi
    case $2/$3 in
        noexec/*) printf 'it could not be executed, with no message: not executable, or not a program?' ;;
        */126) printf 'exit 126, no message: not executable (a mount with noexec, no x bit)?' ;;
        */127) printf 'exit 127, no message: its #! interpreter or a program it runs not found?' ;;
        *) printf 'exit %s, no message on stderr' "$3" ;;
    esac
}

# CL_PROG: the progress line's count, this file's state: n steps in all (a
# script adds the ones it plans later), i of them begun, t0 the start (ms),
# deadline_ms the job's end when it has one (ab.sh --total).
declare -gA CL_PROG=([n]=0 [i]=0 [t0]=0)

cl_progress_start() {
    CL_PROG[n]=$1
    CL_PROG[i]=0
    CL_PROG[t0]=$(cl_now_ms)
}

cl_progress() {
    local el left="?"
    CL_PROG[i]=$((CL_PROG[i] + 1))
    el=$(( ($(cl_now_ms) - CL_PROG[t0]) / 1000 ))
    if [ -n "${CL_PROG[deadline_ms]:-}" ]; then
        # a job of a time budget (ab.sh --total): what is left of it
        left=$(( (CL_PROG[deadline_ms] - $(cl_now_ms)) / 1000 ))
        left="$((left > 0 ? left : 0))s of the time budget"
    elif [ "${CL_PROG[i]}" -gt 1 ]; then
        left="~$(( el * (CL_PROG[n] - CL_PROG[i] + 1) / (CL_PROG[i] - 1) ))s"
    fi
    printf 'coldload %s [%d/%d] %s | elapsed %ds | %s left\n' "$CL_NAME" "${CL_PROG[i]}" "${CL_PROG[n]}" "$1" "$el" "$left" >&2
}
