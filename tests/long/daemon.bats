#!/usr/bin/env bats
# tests/long/daemon.bats -- a --binary that leaves a daemon behind
# (`sh -c 'sleep 300 & exit 0'`): the launcher (coldload-run) kills what each
# run left (the measured runs, the traced run and hyperfine's), so none is left,
# and meta.txt says how many there were (cold_left_processes, a warning).
# The daemon is found by a marker argument no other process has, and only
# the PIDs with it are killed should the test fail.

load ../harness/helpers

setup() {
    need_binaries
    command -v hyperfine >/dev/null || skip "hyperfine is not installed"
    MARK=300.$$$RANDOM   # sleep takes a fraction: `sleep 300.<unique>`
    PROG=$BATS_TEST_TMPDIR/daemon.sh
    printf '#!/bin/sh\nsleep %s &\nexit 0\n' "$MARK" >"$PROG"
    chmod +x "$PROG"
}

teardown() {
    local p
    for p in $(pgrep -f "sleep $MARK" || true); do kill -KILL "$p" 2>/dev/null || true; done
}

@test "cold.sh --binary of a program that leaves a daemon: 0 of them left, counted in meta with a warning" {
    out=$BATS_TEST_TMPDIR/out
    run env COLDLOAD_NO_DROPCACHE=1 bash "$H/cold.sh" --quick --copies 1 --hf-runs 2 --out "$out" --binary "$PROG"
    [ "$status" -eq 0 ]
    run pgrep -f "sleep $MARK"
    [ "$status" -ne 0 ]
    n=$(sed -n 's/^cold_left_processes=//p' "$out/meta.txt")
    # fresh, same, evicted through the launcher, and hyperfine's 2 runs (+ warm-up) of each
    [ "$n" -ge 3 ]
    grep -q "^warning=cold: the program left $n process(es) running" "$out/meta.txt"
}

@test "an ordinary program leaves nothing: cold_left_processes=0, no warning" {
    out=$BATS_TEST_TMPDIR/out
    run env COLDLOAD_NO_DROPCACHE=1 COLDLOAD_NO_STRACE=1 bash "$H/cold.sh" --quick --copies 1 --hf-runs 2 --out "$out" --binary /bin/true
    [ "$status" -eq 0 ]
    grep -qx 'cold_left_processes=0' "$out/meta.txt"
    run grep -q 'left .* process(es)' "$out/meta.txt"
    [ "$status" -ne 0 ]
}

@test "a --binary that hangs costs a watchdog or two (the traced run, then the first run), not one per step: exit 1 in seconds, said in meta, nothing left" {
    printf '#!/bin/sh\nexec sleep %s\n' "$MARK" >"$PROG"
    out=$BATS_TEST_TMPDIR/out
    t0=$SECONDS
    for strace in '' 1; do
        run env COLDLOAD_NO_DROPCACHE=1 COLDLOAD_NO_STRACE=$strace bash "$H/cold.sh" --quick --budget 1 \
            --copies 1 --hf-runs 2 --out "$out$strace" --binary "$PROG"
        [ "$status" -eq 1 ]
        [[ $output == *"did not end within its watchdog (1s, the --budget)"*"its later runs and the hyperfine steps were skipped"* ]]
        grep -q '^cold_binary_hung=cold-' "$out$strace/meta.txt"
    done
    # each hyperfine step alone would wait (2 + 2) x 1 + 30 s
    [ $((SECONDS - t0)) -lt 30 ]
    run pgrep -f "sleep $MARK"
    [ "$status" -ne 0 ]
}
