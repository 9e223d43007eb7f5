#!/usr/bin/env bats
# tests/report/threads_free.bats -- a threads job's free-load level, where
# the scheduler's placement decides each run: a width is worse than the best
# there only when it was slow (at least --contention-wide x idle) in most of
# its runs, the share resolved above one half; else the set says placement
# decides, and the last column gives placement's count.

bats_require_minimum_version 1.5.0
load helpers
load threadsfx

setup() { threadsfx_setup; }

# idle and pinned cells every case shares (pinned decides the answer)
base() {
    cell none 1 40 41 42
    cell none 2 25 26 27
    cell pinned 1 80 82 84
    cell pinned 2 81 83 85
}

@test "3 of 3 runs at width 2 slow under free load: a coin's 1 in 8, not a worse width" {
    base
    cell free 1 80 82 84
    cell free 2 300 310 320
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $(row 'free load (2 workers)') == "| free load (2 workers) | 1 | 1 or 2 (placement decides) | "*" | placement: 3 of 3 runs at width 2 slow |" ]]
}

@test "5 of 5 runs at width 2 slow under free load: worse, out of the set" {
    base
    cell free 1 80 82 84 86 88
    cell free 2 300 310 320 330 340
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $(row 'free load (2 workers)') == "| free load (2 workers) | 1 | 1 | "*" | placement: 5 of 5 runs at width 2 slow |" ]]
}

@test "under pinned load the rank rule alone: 3 runs of width 2 all above width 1's, resolved" {
    cell none 1 40 41 42
    cell none 2 25 26 27
    cell pinned 1 80 82 84
    cell pinned 2 300 310 320
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $(row 'pinned load (2 workers)') == "| pinned load (2 workers) | 1 | 1 | "* ]]
}

@test "--threads-decided under free load: one run of the widest slow (10x idle), not stopped, decides the level; none slow does not" {
    base
    cell free 1 80 82 84
    cell free 2 100 110 300
    run "$SUMMARIZE" --threads-decided --load free --stressors 2 "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$output" = "$(printf 'state\tload\tstressors\truns\tskip\tagain\ndecided\tfree\t2\t3\t-\tagain')" ]
    rm -rf "$D"
    threadsfx_setup
    base
    cell free 1 80 82 84
    cell free 2 100 110 120
    run "$SUMMARIZE" --threads-decided --load free --stressors 2 "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$output" = "$(printf 'state\tload\tstressors\truns\tskip\tagain\nundecided\tfree\t2\t3\t-\tagain')" ]
}

@test "a job whose only loaded level is a CPU quota: the full-load question not asked, said so (not 'no loaded cell has a run'), its best width given" {
    cell none 1 40 41 42
    cell none 2 25 26 27
    cell quota 1 80 82 84
    cell quota 2 81 83 85
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run ! grep -q 'no loaded cell has a run' "$D/report.md"
    grep -q "Not asked here: whether threads hurt is asked under full load (--load pinned or free), and this job's only loaded level is its CPU quota, whose best width follows. Best width: .* under " "$D/report.md"
}
