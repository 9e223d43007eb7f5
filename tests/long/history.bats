#!/usr/bin/env bats
# tests/long/history.bats -- make history on a real program: a 6-commit
# `slow` history of tests/harness/progs/bisect_history.sh (an OpenMP
# reduction, 10 % more passes from commit 3) at one thread, idle, not QUICK:
# the change at its commit and at no other pair; and four short jobs into
# one history directory (a later job adds only what is new, --again all).
# Minutes, not seconds (the short jobs: tests/harness/history.bats).

load ../harness/helpers
# setup (R, O), history KIND [N] [AT], hist ARGS..., row COMMIT FIELD
load ../harness/bisect

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
    # the last commit is the changed code: its estimate above 1.03 (its
    # interval's lower end is the budget's: 90 s for six sides)
    jq -e '.answers[0].commits[5].ratio > 1.03' "$O/results.json"
    # before the change: not slower than the baseline (its interval's width is the machine's)
    [ "$(jq -r '.answers[0].commits[2].verdict' "$O/results.json")" != slower ]
}

@test "history: a later job adds only the commits not yet measured; --again measures them again" {
    BUILD_LOG=$BATS_TEST_TMPDIR/builds history tiny 4 2
    local c0 c1 c2
    c0=$(git -C "$R" rev-parse HEAD~3)
    c1=$(git -C "$R" rev-parse HEAD~2)
    c2=$(git -C "$R" rev-parse HEAD~1)
    hist --revs HEAD~3..HEAD --every 2
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(row "$c2" 10)" = ab/01 ]
    [ -z "$(row "$c1" 10)" ]
    hist --revs HEAD~3..HEAD
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # commits 0 and 2 kept from the first job; 1 and 3 the second's sides
    [ "$(row "$c2" 10)" = ab/01 ]
    [ "$(row "$c1" 10)" = ab/02 ]
    [ "$(cut -d, -f4 "$O/ab/02/runs.csv" | sort -u | tr '\n' ' ')" = "A A2 B1 B2 workload " ]
    [ "$(jq -r '.answers[0].commits | length' "$O/results.json")" -eq 4 ]
    # commits 1 and 2 are of two jobs: compared by their intervals, and the
    # difference confirmed by an ab job of the two: commit 2 built again for
    # it (its first build was the first job's), commit 3 once
    [ "$(jq -r --arg c "$c2" '.answers[0].pairs[] | select(.to == $c) | .how' "$O/results.json")" = across-jobs ]
    [ "$(jq -r --arg c "$c2" '.answers[0].pairs[] | select(.to == $c) | .confirmation.verdict' "$O/results.json")" = slower ]
    [ "$(grep -c '^commit 2$' "$BATS_TEST_TMPDIR/builds")" -eq 2 ]
    [ "$(grep -c '^commit 3$' "$BATS_TEST_TMPDIR/builds")" -eq 1 ]
    # the first job's confirmation of 0..2 kept, not asked again
    [ "$(awk -F'\t' -v a="$c0" -v b="$c2" '$5 == a && $6 == b' "$O/confirm.tsv" | wc -l)" -eq 1 ]
    # a job with nothing new to measure confirms nothing again: the change kept
    local n
    n=$(wc -l <"$O/confirm.tsv")
    hist --revs HEAD~3..HEAD
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(wc -l <"$O/confirm.tsv")" -eq "$n" ]
    [ "$(jq -r --arg c "$c2" '.answers[0].changes[] | select(.to == $c) | .verdict' "$O/results.json")" = slower ]
    hist --revs HEAD~3..HEAD --every 2 --again
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(row "$c2" 10)" = ab/03 ]
    [ "$(row "$c0" 10)" = ab/03 ]
    [ "$(row "$c1" 10)" = ab/02 ]
    [ "$(awk -F'\t' -v c="$c2" '$1 == c' "$O/history.tsv" | wc -l)" -eq 1 ]
}
