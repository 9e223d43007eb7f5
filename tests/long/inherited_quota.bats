#!/usr/bin/env bats
# tests/long/inherited_quota.bats -- a CPU quota the harness already runs
# under (docker --cpus, a pod's limit), seen from inside: threads.sh says it
# in meta, on stderr and in the report's answer (without one, meta says
# none: tests/harness/remedies.bats).
# The quota is a cgroup file under COLDLOAD_SYSROOT, where coldload-probe
# reads the machine (src/tools/coldload-probe.c).

load ../harness/helpers

setup() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    O=$BATS_TEST_TMPDIR/out
}

@test "inherited quota: cpu.max of half a CPU is said in meta, on stderr and in the answer" {
    mkdir -p "$BATS_TEST_TMPDIR/root/sys/fs/cgroup"
    echo '50000 100000' >"$BATS_TEST_TMPDIR/root/sys/fs/cgroup/cpu.max"
    COLDLOAD_SYSROOT=$BATS_TEST_TMPDIR/root run bash "$H/threads.sh" --quick --procs 1 --load pinned \
        --widths 1 --remedies off --out "$O" --binary "$PROGS/one_line.sh" -- 10
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'threads_inherited_quota=0.50' "$O/meta.txt"
    [[ $output == *"an inherited CPU quota of 0.50 CPUs (this machine's own cgroup"* ]]
    grep -q 'Every run here, the idle ones too, ran under an inherited CPU quota of 0.50 CPUs' "$O/report.md"
}
