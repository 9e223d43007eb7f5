#!/usr/bin/env bats
# tests/long/runcg.bats -- the cases of tests/harness/runcg.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/runcg

@test "threads.sh --load quota: a level of its own under a CPU quota, no load program, said in the report" {
    [ "$(id -u)" = 0 ] || skip "needs root to set a quota"
    command -v gcc >/dev/null || skip "gcc is not installed (make deps-test)"
    gcc -O2 -fopenmp "$PROGS/omp_work.c" -o omp_work
    run bash "$H/threads.sh" --quick --procs 1 --load quota --quota 1 --widths "1 2" --out o --binary ./omp_work -- 20
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output != *"stress-ng"* ]]
    [ "$(rows o/runs.csv load quota | col /dev/stdin stressors | sort -u)" = 1 ]
    [ -n "$(rows o/runs.csv load quota | col /dev/stdin throttled_ms | sort -u | head -1)" ]
    grep -qx 'threads_quota=1' o/meta.txt
    grep -q 'Best width: .* under a CPU quota of 1 CPU' o/report.md
}

@test "threads.sh: a launcher killed under it is named with its signal and time, its processes killed" {
    [ "$(id -u)" = 0 ] || skip "needs root to make a cgroup"
    marker=32.$$$RANDOM
    # the program kills its launcher (its parent) and leaves a sleeper behind
    run bash "$H/threads.sh" --quick --procs 1 --load pinned --widths 1 --out "$BATS_TEST_TMPDIR/o" \
        --binary sh -- -c "sleep $marker & kill -9 \$PPID; wait"
    echo "$output"
    [ "$status" -eq 1 ]
    [[ $output == *"coldload-run was killed by signal 9 after "*" s"* ]]
    [[ $output == *"coldload threads: no run of sh was recorded: coldload-run failed in all "* ]]
    [[ $output != *"stopped by the watchdog"* ]]
    [[ $output == *"process(es) of the run outlived coldload-run; killed (its cgroup)"* ]]
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]
    [ -z "$(cg_left)" ]
}
