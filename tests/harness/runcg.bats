#!/usr/bin/env bats
# tests/harness/runcg.bats -- each run in a cgroup of its own (coldload-run):
# its figures (CPU time of the tree, CPU pressure) with method cgroup as
# root, schedstat as another user; nothing left behind, no cgroup left;
# the launcher SIGKILLed: its run's processes swept, the cause named, and under
# --quota its cgroups in both hierarchies (v2 and the v1 cpu controller) swept.
# (the cases under a long real load: tests/long/runcg.bats, make test-long)

load helpers
load runcg

@test "as root: the run's own cgroup gives its tree's CPU time and CPU pressure, and is removed" {
    [ "$(id -u)" = 0 ] || skip "needs root to make a cgroup"
    # two busy children it never waits for: rusage misses them, the cgroup does not
    "$R" --runs-csv runs.csv -- sh -c 'yes >/dev/null & yes >/dev/null & sleep 0.4'
    # skip-ok: Debian mounts a cgroup2 hierarchy, and root makes a cgroup in it
    [ "$(col runs.csv method)" = cgroup ] || skip "no cgroup2 hierarchy here: $(col runs.csv cg_why)"
    run col runs.csv cg_why
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    # the two yes spin through the run: the cgroup's CPU time is a good part
    # of the run's wall time (busy machine or not), ten times what rusage sees
    awk -v cg="$(col runs.csv cg_cpu_ms)" -v w="$(col runs.csv wall_ms)" 'BEGIN { exit !(cg > w / 4) }'
    awk -v cg="$(col runs.csv cg_cpu_ms)" -v ru="$(col runs.csv cpu_ms)" 'BEGIN { exit !(cg > 10 * ru) }'
    [ -n "$(col runs.csv wait_some_ms)" ]
    [ -n "$(col runs.csv wait_full_ms)" ]
    [ "$(col runs.csv left)" = 2 ]   # the two yes, killed after the run
    [ -z "$(cg_left)" ]
    # --no-cgroup: schedstat alone, and why
    "$R" --runs-csv nocg.csv --no-cgroup -- sh -c 'yes >/dev/null & sleep 0.2; kill $!'
    [ "$(col nocg.csv method) $(col nocg.csv cg_why)" = "schedstat off (--no-cgroup)" ]
    run col nocg.csv wait_full_ms
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    awk -v on="$(col nocg.csv oncpu_ms)" -v w="$(col nocg.csv wall_ms)" 'BEGIN { exit !(on > w / 10) }'
}

@test "the runtimes a run mapped: libgomp for an OpenMP program, OpenBLAS's variant for the engine" {
    command -v gcc >/dev/null || skip "gcc is not installed (make deps-test)"
    gcc -O2 -fopenmp "$PROGS/omp_work.c" -o omp_work
    # long enough for the sampler's passes (its maps are read at passes 1, 2, 4 ...)
    "$R" --runs-csv rt.csv -- ./omp_work 400 >/dev/null
    "$R" --runs-csv rt.csv -- "$B/p28_timing" --workload svdvals --runs 20 >/dev/null
    [ "$(col rt.csv runtimes | paste -sd'|')" = "libgomp:OMP_NUM_THREADS|libopenblas (pthread):OPENBLAS_NUM_THREADS" ]
    # a program with none: empty
    "$R" --runs-csv none.csv -- sleep 0.1
    run col none.csv runtimes
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "a runtime linked into the program: Go's by its .go.buildinfo section, rayon by its symbols; a stripped one is not seen" {
    command -v gcc >/dev/null || skip "gcc is not installed (make deps-test)"
    command -v objcopy >/dev/null || skip "objcopy is not installed (make deps-test: binutils)"
    # a C program standing in for each: a rayon_core symbol, a .go.buildinfo section;
    # ~0.1 s of work each, so the sampler passes once (its first pass opens the file)
    printf '%s\n' '#include <stdio.h>' 'volatile double s;' \
        'void rayon_core_spin(void) { for (long i = 0; i < 60000000; i++) s += i; }' \
        'int main(void) { rayon_core_spin(); printf("%f\n", s); return 0; }' >rt.c
    gcc -O1 rt.c -o rayon
    gcc -O1 -Drayon_core_spin=spin rt.c -o go
    objcopy --add-section .go.buildinfo=/dev/null go
    cp rayon stripped
    strip stripped
    for p in rayon go stripped; do "$R" --runs-csv rt.csv -- "./$p" >/dev/null; done
    [ "$(col rt.csv runtimes | paste -sd'|')" = "rayon (Rust):RAYON_NUM_THREADS|Go runtime:GOMAXPROCS|" ]
}

@test "--quota: the run under a CPU quota, its throttling recorded, its cgroup removed; refused with one line where none can be set" {
    [ "$(id -u)" = 0 ] || skip "needs root to set a quota"
    "$R" --runs-csv q.csv --quota 0.5 -- sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'
    [ "$(col q.csv status)" = ok ]
    # half a CPU: it waited about as long as it ran, throttled in most periods
    awk -v w="$(col q.csv wall_ms)" -v c="$(col q.csv cpu_ms)" -v t="$(col q.csv throttled_ms)" -v n="$(col q.csv nr_throttled)" \
        -v p="$(col q.csv nr_periods)" 'BEGIN { exit !(w > 1.5 * c && t > 0 && n > 0 && p >= n) }'
    [ -z "$(cg_left)" ]
    # without one: empty, never 0
    "$R" --runs-csv nq.csv -- true
    for c in throttled_ms nr_throttled nr_periods; do
        run col nq.csv "$c"
        [ "$status" -eq 0 ]
        [ -z "$output" ]
    done
    run "$R" --quota x -- true
    [ "$status" -eq 2 ]
    if command -v setpriv >/dev/null; then
        run setpriv --reuid 65534 --regid 65534 --clear-groups "$R" --quota 1 -- true
        [ "$status" -eq 1 ]
        [[ $output == "coldload-run: true: --quota 1: "* ]]
        [ "${#lines[@]}" -eq 1 ]
    fi
}

@test "as another user: no cgroup (permission), the wait from schedstat, and the run still recorded" {
    [ "$(id -u)" = 0 ] || skip "needs root to become another user"
    command -v setpriv >/dev/null || skip "setpriv is not installed (apt-get install util-linux)"
    d=$(mktemp -d /tmp/runcg.XXXXXX)
    chmod 777 "$d"
    setpriv --reuid 65534 --regid 65534 --clear-groups "$R" --runs-csv "$d/runs.csv" -- sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'
    [ "$(col "$d/runs.csv" status)" = ok ]
    [ "$(col "$d/runs.csv" method)" = schedstat ]
    [[ $(col "$d/runs.csv" cg_why) == *"Permission denied"* || $(col "$d/runs.csv" cg_why) == *"no cgroup2"* ]]
    run col "$d/runs.csv" cg_cpu_ms
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    awk -v on="$(col "$d/runs.csv" oncpu_ms)" -v q="$(col "$d/runs.csv" runq_wait_ms)" 'BEGIN { exit !(on > 0 && q >= 0) }'
    rm -rf "$d"
}

@test "coldload-run SIGKILLed mid-run: its run's processes are swept by --sweep (and by the next run), no cgroup left" {
    [ "$(id -u)" = 0 ] || skip "needs root to make a cgroup"
    marker=31.$$$RANDOM
    # the grandchild outlives the launcher's death signal to its child
    "$R" -- sh -c "sleep $marker & wait" &
    pid=$!
    sleep 1
    run pgrep -f "sleep $marker"
    [ "$status" -eq 0 ]
    # skip-ok: Debian mounts a cgroup2 hierarchy, and root makes a cgroup in it
    cg=$(cg_of "$pid")
    [ -n "$cg" ] || skip "no cgroup2 hierarchy here"
    kill -9 "$pid"
    wait "$pid" || true
    run "$R" --sweep
    [ "$status" -eq 0 ]
    # the count of cgroups swept (none: no line): this one, or none when a run of a test
    # file running beside this one swept it first (every run sweeps), more
    # when such a file left one of its own
    [[ $output =~ ^[0-9]*$ ]]
    [ ! -e "$cg" ]
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]
    [ -z "$(cg_left)" ]
}

@test "coldload-run SIGKILLed under --quota: --sweep removes its cgroups in both hierarchies, the v2 one and (where mounted) the v1 cpu controller's" {
    [ "$(id -u)" = 0 ] || skip "needs root to make a cgroup"
    marker=32.$$$RANDOM
    "$R" --quota 0.5 -- sh -c "sleep $marker & wait" &
    QPID=$!
    wait_for pgrep -f "sleep $marker"
    # a machine of cgroup v2 alone (Debian 12) has the quota in its v2 cgroup;
    # one that mounts the v1 cpu controller has it there, beside the v2 one
    if [ "$(stat -f -c %T /sys/fs/cgroup/cpu 2>/dev/null)" = cgroupfs ]; then
        wait_for test -d "/sys/fs/cgroup/cpu/coldload-run-$QPID"
    fi
    v2=$(find /sys/fs/cgroup /sys/fs/cgroup/unified -maxdepth 1 -name "coldload-run-$QPID")
    [ -n "$v2" ]
    kill -9 "$QPID"
    wait "$QPID" || true
    run "$R" --sweep
    [ "$status" -eq 0 ]
    # (a count: a run beside this file may sweep it first, as above)
    [[ $output =~ ^[0-9]*$ ]]
    [ ! -e "/sys/fs/cgroup/cpu/coldload-run-$QPID" ]
    [ ! -e "$v2" ]
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]
}
