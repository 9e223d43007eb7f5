#!/usr/bin/env bash
# tests/slurm/cluster.sh -- a one-machine Slurm cluster on localhost for the
# Slurm test: munged, slurmctld and slurmd from Debian's packages, every file
# (munge key and socket, slurm.conf, state, spool, logs) in one directory.
#
#   cluster.sh start DIR WATCH_PID   start the daemons (DIR must be empty or
#                                    new); a watchdog stops them when WATCH_PID
#                                    (the test) dies without stopping them
#   cluster.sh stop DIR              cancel the jobs, stop every process by PID
#
# Nothing may outlive the test: each daemon's PID is in DIR/pids; every
# process started for the cluster (daemons, jobs, the steps' processes)
# carries COLDLOAD_SLURM_TEST=DIR in its environment, and `stop` ends, by
# PID, every one that still does after the daemons are gone. `start` stops
# what it started when it fails half-way (its EXIT trap).
set -euo pipefail

usage() { echo "usage: $0 start DIR WATCH_PID | stop DIR" >&2; exit 2; }

# The PIDs of live processes whose environment holds the cluster's marker.
# Builtins only (mapfile, not tr | grep): a child started here would carry
# the marker itself when the caller has it; this shell and the $(...)
# subshell it runs in are skipped.
marked() {
    local p e v
    for p in /proc/[0-9]*; do
        p=${p#/proc/}
        { [ "$p" = $$ ] || [ "$p" = "$BASHPID" ]; } && continue
        mapfile -d '' -t e 2>/dev/null <"/proc/$p/environ" || continue
        for v in "${e[@]}"; do
            [ "$v" = "COLDLOAD_SLURM_TEST=$dir" ] && { echo "$p"; break; }
        done
    done
    return 0
}

# term PID...: TERM, up to 10 s for them to go, then KILL.
term() {
    local p tries
    [ $# -gt 0 ] || return 0
    kill -TERM "$@" 2>/dev/null || true
    for ((tries = 100; tries > 0; tries--)); do
        for p in "$@"; do kill -0 "$p" 2>/dev/null && break; p=; done
        [ -n "$p" ] || return 0
        sleep 0.1
    done
    kill -KILL "$@" 2>/dev/null || true
}

stop() {
    [ -d "$dir" ] || return 0
    if [ -s "$dir/slurm.conf" ] && [ -s "$dir/pids" ]; then
        # jobs first, while slurmctld can still end them (their steps' processes with them)
        SLURM_CONF=$dir/slurm.conf timeout 20 scancel --full --quiet -u "$(id -un)" 2>/dev/null || true
        local tries
        for ((tries = 50; tries > 0; tries--)); do
            [ -z "$(SLURM_CONF=$dir/slurm.conf timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    if [ -s "$dir/watchdog.pid" ]; then
        local w
        w=$(cat "$dir/watchdog.pid")
        rm -f -- "$dir/watchdog.pid"
        [ "$w" = "$$" ] || term "$w"
    fi
    # daemons in reverse order of start: slurmd, slurmctld, munged
    if [ -s "$dir/pids" ]; then
        # shellcheck disable=SC2046 # one PID a line
        term $(tac "$dir/pids")
        rm -f -- "$dir/pids"
    fi
    # shellcheck disable=SC2046
    term $(marked)
    local left
    left=$(marked)
    [ -z "$left" ] || { echo "cluster.sh: still running after stop: $left" >&2; return 1; }
}

# launch NAME CMD...: one daemon in the foreground of a background job, its
# output in DIR/NAME.out, its PID appended to DIR/pids.
launch() {
    local name=$1
    shift
    COLDLOAD_SLURM_TEST=$dir SLURM_CONF=$dir/slurm.conf "$@" >"$dir/$name.out" 2>&1 </dev/null &
    echo $! >>"$dir/pids"
}

# until_ok SECONDS WHAT CMD...: CMD succeeds within SECONDS, or fail with the logs' tails.
until_ok() {
    local s=$1 what=$2 tries
    shift 2
    for ((tries = s * 5; tries > 0; tries--)); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.2
    done
    echo "cluster.sh: $what did not come up within $s s" >&2
    tail -n 5 "$dir"/*.log "$dir"/*.out >&2 2>/dev/null || true
    return 1
}

start() {
    local watch=$1 host ports cpus
    mkdir -p -- "$dir"
    [ -z "$(ls -A -- "$dir")" ] || { echo "cluster.sh: $dir is not empty" >&2; exit 2; }
    chmod 700 "$dir"
    # shellcheck disable=SC2154 # rc is the trap's own
    trap 'rc=$?; [ "$rc" -eq 0 ] || stop; exit "$rc"' EXIT
    trap 'exit 130' INT TERM HUP
    host=$(hostname -s)
    cpus=$(nproc)
    # ports of their own, away from a real cluster's 6817/6818
    ports=$((20000 + RANDOM % 20000))
    mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
    chmod 700 "$dir/munge"
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge/munge.key"
    cat >"$dir/slurm.conf" <<CONF
# written by tests/slurm/cluster.sh: one node, this machine, as root
ClusterName=coldloadtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ports
SlurmdPort=$((ports + 1))
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MinJobAge=600
KillWait=5
InactiveLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=coldload Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    : >"$dir/pids"
    # the watchdog first: from here on, a test that dies takes the cluster
    # with it (its script in single quotes: the child shell expands it)
    # shellcheck disable=SC2016
    COLDLOAD_SLURM_TEST=$dir setsid bash -c 'while kill -0 "$1" 2>/dev/null && [ -e "$2/pids" ]; do sleep 1; done
        [ -e "$2/pids" ] && exec bash "$3" stop "$2"' watchdog "$watch" "$dir" "${BASH_SOURCE[0]}" \
        >"$dir/watchdog.out" 2>&1 </dev/null &
    echo $! >"$dir/watchdog.pid"
    launch munged munged -F --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.sock" \
        --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/seed"
    until_ok 20 munged munge -n -S "$dir/munge/munge.sock"
    launch slurmctld slurmctld -D -f "$dir/slurm.conf"
    until_ok 30 slurmctld env SLURM_CONF="$dir/slurm.conf" scontrol ping
    launch slurmd slurmd -D -f "$dir/slurm.conf" -N "$host"
    # the node idle: slurmd registered with the CPUs it was configured with
    # shellcheck disable=SC2016
    until_ok 60 "slurmd (node $host idle)" bash -c \
        '[ "$(SLURM_CONF=$1 sinfo -h -n "$2" -o %t)" = idle ]' sinfo "$dir/slurm.conf" "$host"
    echo "cluster.sh: one-node cluster up: $host, $cpus CPUs, slurmctld port $ports, in $dir" >&2
}

[ $# -ge 2 ] || usage
dir=$2
case $1 in
    start) [ $# -eq 3 ] || usage; start "$3" ;;
    stop) stop ;;
    *) usage ;;
esac
