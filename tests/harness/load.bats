#!/usr/bin/env bats
# tests/harness/load.bats -- the two kinds of load: pinned puts one
# stress-ng worker on each usable CPU and binds it there, free leaves the
# workers to the scheduler; both are stopped on every way out; K processes
# per cell in a shuffled order that replays from its seed.
# (the cases under a long real load: tests/long/load.bats, make test-long)

load helpers
load load

@test "pinned: one worker bound to each usable CPU, seen live in /proc, and none left after TERM" {
    read -ra cpus <<<"$(usable_cpus)"
    n=${#cpus[@]}
    start_loaded pinned "$n"
    # each stress-ng (parent and worker) may run on exactly one CPU, one pair per CPU
    want=$(for c in "${cpus[@]}"; do echo "$c"; echo "$c"; done | sort -n | tr '\n' ' ')
    [ "$(stress_affinities "$PGID" | tr '\n' ' ')" = "$want" ]
    # meta names them, pid@cpu, the same set
    [ "$(sed -n 's/^loaded_pinned_s[0-9]*_workers=//p' "$OUT/meta.txt" | tr ' ' '\n' | sed 's/.*@//' | sort -n | tr '\n' ' ')" = "$want" ]
    stop_loaded
}

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
