#!/usr/bin/env bats
# tests/harness/load.bats -- the two kinds of load: pinned puts one
# stress-ng worker on each usable CPU and binds it there, free leaves the
# workers to the scheduler; both are stopped on every way out; K processes
# per cell in a shuffled order that replays from its seed.
# (the cases under a long real load: tests/long/load.bats, make test-long)

load helpers
load load

@test "bad --load, --procs and --seed are usage errors (exit 2)" {
    run bash "$H/loaded.sh" --out "$OUT" --load sideways
    [ "$status" -eq 2 ]
    [[ $output == *"--load: expected pinned, free or both, got 'sideways'"* ]]
    run bash "$H/warm.sh" --out "$OUT" --procs 0
    [ "$status" -eq 2 ]
    [[ $output == *"--procs: expected an integer in 1..100, got '0'"* ]]
    COLDLOAD_SEED=x run bash "$H/warm.sh" --out "$OUT"
    [ "$status" -eq 2 ]
    [[ $output == *"--seed"* ]]
}
