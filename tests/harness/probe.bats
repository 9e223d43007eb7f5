#!/usr/bin/env bats
# tests/harness/probe.bats -- coldload-probe: machine facts and state as
# key=value lines, read from the stand-in machines of tests/fixtures/sysroot
# (COLDLOAD_SYSROOT), and its usage errors.
bats_require_minimum_version 1.5.0
load helpers

FX=$ROOT/tests/fixtures/sysroot

setup() {
    [ -x "$B/coldload-probe" ] || skip "build coldload-probe first (make)"
}

# key OUTPUT KEY: the value of KEY in OUTPUT; fails when KEY is absent.
key() {
    grep -q "^$2=" <<<"$1" && sed -n "s/^$2=//p" <<<"$1"
}

@test "machine facts: every documented key once, CPUs and quota from the files" {
    COLDLOAD_SYSROOT=$FX/quota1 run "$B/coldload-probe"
    [ "$status" -eq 0 ]
    for k in cpu_model nproc cpus_online cpus_online_count cgroup_cpu_max cgroup_v1_cfs_quota_period \
             cpus_allowed cpu_limit sched_autogroup_enabled mem_total_kb clk_tck openblas_parallel \
             openblas_corename openblas_config openblas_threads_at_load binary_default_wait clock \
             clock_overhead_ns placement; do
        [ "$(grep -c "^$k=" <<<"$output")" -eq 1 ]
    done
    [ "$(key "$output" cgroup_cpu_max)" = "100000 100000" ]
    [ "$(key "$output" cpu_limit)" = 1.00 ]
    [ "$(key "$output" cpus_online)" = 0-3 ]
    [ "$(key "$output" cpus_online_count)" -eq 4 ]
    [ "$(key "$output" sched_autogroup_enabled)" = absent ]
    [ "$(key "$output" binary_default_wait)" = block ]
    [[ $(key "$output" clock_overhead_ns) =~ ^[0-9]+$ ]]
    # no quota: none; the narrow machine's online list 0-2 counts 3
    COLDLOAD_SYSROOT=$FX/idle run "$B/coldload-probe"
    [ "$(key "$output" cpu_limit)" = none ]
    COLDLOAD_SYSROOT=$FX/narrow run "$B/coldload-probe"
    [ "$(key "$output" cpus_online_count)" -eq 3 ]
}

@test "--state: the load from /proc/loadavg, prefixed keys, unavailable PSI said so" {
    COLDLOAD_SYSROOT=$FX/idle run "$B/coldload-probe" --state --prefix warm_start
    [ "$status" -eq 0 ]
    [ "$(key "$output" warm_start_load1)" = 0.50 ]
    [ "$(key "$output" warm_start_loadavg)" = "0.50 0.40 0.30 1/120 4242" ]
    [ "$(key "$output" warm_start_psi_cpu_some)" = unavailable ]
    [[ $(key "$output" warm_start_utc) =~ ^20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}\.[0-9]{3}Z$ ]]
    [ "$(wc -l <<<"$output")" -eq 7 ]
    run ! grep -v '^warm_start_' <<<"$output"
}

@test "--state: the machine's busy CPU time from /proc/stat (user nice system irq softirq; not idle, iowait, steal)" {
    local m=$BATS_TEST_TMPDIR/m
    mkdir -p "$m/proc"
    cp "$FX/idle/proc/loadavg" "$m/proc/"
    printf 'cpu  100 20 30 1000 50 5 5 7 0 0\ncpu0 100 20 30 1000 50 5 5 7 0 0\nprocs_running 2\n' >"$m/proc/stat"
    COLDLOAD_SYSROOT=$m run "$B/coldload-probe" --state --prefix p
    [ "$status" -eq 0 ]
    # skip-ok: Debian's kernels tick USER_HZ 100
    [ "$(getconf CLK_TCK)" -eq 100 ] || skip "ticks of $(getconf CLK_TCK) Hz: the figures below are for 100"
    [ "$(key "$output" p_cpu_busy_ms)" -eq 1600 ]
    [ "$(key "$output" p_steal_ticks)" -eq 7 ]
}

@test "bad options: one line naming the option, exit 2" {
    run "$B/coldload-probe" --prefix x
    [ "$status" -eq 2 ]
    [[ $output == *"--prefix: only with --state"* ]]
    run "$B/coldload-probe" --state --prefix 'a b'
    [ "$status" -eq 2 ]
    [[ $output == *"--prefix: expected letters, digits and _"* ]]
    run "$B/coldload-probe" --bogus
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
}
