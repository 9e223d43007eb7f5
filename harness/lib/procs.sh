# shellcheck shell=bash
# harness/lib/procs.sh -- processes: a step in the background that a signal
# cuts short, a command that dies with the harness, process groups counted,
# listed and stopped (TERM, then KILL, every wait bounded). Sourced by
# harness/lib/all.sh.

# cl_bg CMD...: CMD run in the background and waited for, its status
# returned: bash runs a trap only once a foreground child has ended, while a
# `wait` is cut short by it, so a signal to the harness is acted on at once
# whatever CMD is doing (the clean-up then stops CMD: CL_CHILD). For a step
# that may take long and has no cl_exec of its own (plots.sh at the end).
cl_bg() {
    local rc=0
    "$@" </dev/null &
    CL_CHILD=$!
    wait "$CL_CHILD" || rc=$?
    CL_CHILD=
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

# Every process state but zombie (Z) and dead (X): pgrep -r's list of the live.
CL_LIVE_STATES=R,S,D,T,t,W,P,I

# cl_pgid_count PGID: live (non-zombie) processes in process group PGID. One
# pgrep, not a scan of /proc in bash: this runs every 0.1 s while a group
# starts or stops. (PGID 0 would be pgrep's own group: refused.)
cl_pgid_count() {
    [[ $1 =~ ^[1-9][0-9]*$ ]] || { echo 0; return; }
    pgrep -c -g "$1" -r "$CL_LIVE_STATES" || true
}

cl_pgid_alive() {
    [[ $1 =~ ^[1-9][0-9]*$ ]] && pgrep -g "$1" -r "$CL_LIVE_STATES" >/dev/null
}

# cl_pgid_pids PGID: "pid ppid" of each live process in process group PGID.
cl_pgid_pids() {
    local pids
    [[ $1 =~ ^[1-9][0-9]*$ ]] || return 0
    pids=$(pgrep -d, -g "$1" -r "$CL_LIVE_STATES") || return 0
    ps -o pid=,ppid= -p "$pids" 2>/dev/null || true
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
    # Not while cleaning up: the clean-up runs from a trap that may have cut
    # a `wait` short, and bash's job table may then still list PID as
    # running though it was reaped -- a `wait PID` then blocks in wait4(-1)
    # on any other child, stress-ng's leader among them (1 in 51 soak runs
    # hung so, its load running on). The exit reaps what is left.
    if [ "$CL_CLEANING" = 0 ] && ! cl_pid_alive "$2"; then wait "$2" 2>/dev/null || true; fi
}

# cl_pid_alive PID: running, not a zombie waiting to be reaped.
cl_pid_alive() {
    local s state
    read -r s 2>/dev/null <"/proc/$1/stat" || return 1
    read -r state _ <<<"${s##*) }"
    [ "$state" != Z ]
}
