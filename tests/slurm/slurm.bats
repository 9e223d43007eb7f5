#!/usr/bin/env bats
# tests/slurm/slurm.bats -- the Slurm recipe for real, on a one-machine
# cluster (tests/slurm/cluster.sh: munged, slurmctld, slurmd on localhost):
# `deploy/slurm/submit.sh --nodes 2` submits the report as an array of two
# exclusive tasks (QUICK, the smallest budgets: a functional test, not a
# measurement) and the compare job after them; both must complete, the two
# tasks one after the other (the node is exclusive), and the comparison must
# hold both. Part of `make test-long` when slurm-wlm and munge are installed.

bats_require_minimum_version 1.5.0
load ../report/helpers

setup() {
    for t in munged slurmctld slurmd sbatch squeue scontrol; do
        command -v "$t" >/dev/null || skip "$t missing: make slurm-deps installs slurm-wlm and munge"
    done
    [ "$(id -u)" -eq 0 ] || skip "the one-machine cluster runs its daemons as root"
    if [ ! -x "$ROOT/build/coldload-compare" ] || [ ! -x "$ROOT/build/p28_timing" ]; then skip "not built (make)"; fi
    C=$BATS_TEST_TMPDIR/cluster R=$BATS_TEST_TMPDIR/results
    export SLURM_CONF=$C/slurm.conf COLDLOAD_SLURM_TEST=$C
    bash "$ROOT/tests/slurm/cluster.sh" start "$C" "$BASHPID"
}

teardown() {
    # stop fails when anything of the cluster is still running afterwards
    [ -z "${C:-}" ] || bash "$ROOT/tests/slurm/cluster.sh" stop "$C"
}

# job_field JOB FIELD: FIELD=value of every record `scontrol show job` prints.
job_field() {
    scontrol show job "$1" | grep -oE "(^| )$2=[^ ]*" | sed 's/^ //' | sort -u | tr '\n' ' ' | sed 's/ $//'
}

@test "the array (2 tasks, --exclusive) and the compare job run on a one-machine cluster" {
    run bash "$ROOT/deploy/slurm/submit.sh" --nodes 2 --results "$R" \
        --args "--quick --procs 1 --widths 1 --budget 1 --runs 2"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} =~ ^coldload:\ array\ job\ [0-9]+\ \(2\ tasks\),\ compare\ job\ [0-9]+ ]]
    # the ids and stamp submit.sh wrote
    local array_job compare_job stamp
    eval "$(grep -E '^(array_job|compare_job|stamp)=[0-9A-Z]+$' "$R"/slurm-*/jobs.txt)"
    [[ ${lines[1]} == "coldload: results in $R/$stamp-<host>, comparison in $R/$stamp-compare/compare.html" ]]

    # the compare job waits for the array
    [ "$(job_field "$compare_job" Dependency)" = "Dependency=afterok:${array_job}_*(unfulfilled)" ]
    deadline=$((SECONDS + 900))
    while [ -n "$(squeue -h -o %i -j "$array_job,$compare_job" 2>/dev/null)" ]; do
        [ "$SECONDS" -lt "$deadline" ] || { squeue >&2; false; }
        sleep 2
    done
    [ "$(job_field "$array_job" JobState)" = JobState=COMPLETED ]
    [ "$(job_field "$array_job" ExitCode)" = ExitCode=0:0 ]
    [ "$(job_field "$compare_job" JobState)" = JobState=COMPLETED ]
    [ "$(job_field "$compare_job" ExitCode)" = ExitCode=0:0 ]

    # one report per task: the second on the same node took the task id
    host=$(hostname -s)
    one=$R/$stamp-$host two=$R/$stamp-$host-2
    for d in "$one" "$two"; do
        [ -s "$d/report.html" ]
        [ -s "$d/samples.csv" ]
        [ -s "$d/summary.csv" ]
        grep -qx 'report_quick=1' "$d/meta.txt"
    done
    # --exclusive: the second task started after the first ended
    end1=$(sed -n 's/^report_end_utc=//p' "$one/meta.txt")
    start2=$(sed -n 's/^report_start_utc=//p' "$two/meta.txt")
    [ -n "$end1" ]
    [[ ! $start2 < $end1 ]]

    # the comparison of both: every shared cell compared, input 1 the first task
    c=$R/$stamp-compare
    [ -s "$c/compare.html" ]
    [ -s "$c/compare.md" ]
    [ -s "$c/plots/compare.svg" ]
    rows=$(($(wc -l <"$c/compare.csv") - 1))
    [ "$rows" -ge 10 ]
    [ "$(col "$c/compare.csv" 'NR > 1' baseline input | sort -u)" = "1 2" ]
    label1=$(col "$c/compare.csv" 'NR == 2' baseline_label)
    [[ $label1 == "$host "20[0-9][0-9]-* ]]
    # same binary, same machine: the same bits in every cell
    # shellcheck disable=SC2016 # an awk condition
    [ "$(col "$c/compare.csv" 'NR > 1 && $c["checksum_same"] != ""' checksum_same | sort -u)" = yes ]
    run ! grep -q 'ERROR' "$c/compare.md"
    # the jobs' logs beside the results
    ls "$R/slurm-$stamp/coldload-${array_job}_1.out" "$R/slurm-$stamp/compare-${compare_job}.out"
}
