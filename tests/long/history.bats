#!/usr/bin/env bats
# tests/long/history.bats -- make history on a real program: a 6-commit
# `slow` history of tests/harness/progs/bisect_history.sh (an OpenMP
# reduction, 10 % more passes from commit 3) at one thread, idle, not QUICK:
# the change at its commit and at no other pair. Minutes, not seconds (the
# short jobs: tests/harness/history.bats).

load ../harness/helpers

setup_file() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    command -v jq >/dev/null || skip "jq is not installed (Debian: jq)"
    command -v gcc >/dev/null || skip "gcc is not installed (make deps-test)"
}

@test "history of a 10 % slowdown at commit 3 of 6: each commit's ratio to the first, the change at commit 3 only" {
    local R=$BATS_TEST_TMPDIR/repo O=$BATS_TEST_TMPDIR/out c2 c3
    bash "$PROGS/bisect_history.sh" "$R" slow 6 3 >/dev/null
    c2=$(git -C "$R" rev-parse HEAD~3)
    c3=$(git -C "$R" rev-parse HEAD~2)
    run bash "$H/history.sh" --repo "$R" --revs HEAD~5..HEAD --build "sh {src}/build.sh" --run "{src}/prog" \
        --widths 1 --seed 5 --total 90 --out "$O"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(jq -r '.answers[0].changes | length' "$O/results.json")" -eq 1 ]
    [ "$(jq -r '.answers[0].changes[0].from' "$O/results.json")" = "$c2" ]
    [ "$(jq -r '.answers[0].changes[0].to' "$O/results.json")" = "$c3" ]
    [ "$(jq -r '.answers[0].changes[0].verdict' "$O/results.json")" = slower ]
    jq -e '.answers[0].commits[5].ratio_lo > 1.03' "$O/results.json"
    # before the change: not slower than the baseline (its interval's width is the machine's)
    [ "$(jq -r '.answers[0].commits[2].verdict' "$O/results.json")" != slower ]
}
