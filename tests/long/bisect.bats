#!/usr/bin/env bats
# tests/long/bisect.bats -- make bisect's whole searches (about 12 s each), on
# histories made by tests/harness/progs/bisect_history.sh (a shell program
# whose sleep goes 0.01 -> 0.03 s at one commit: ab.sh says it in 8 blocks):
# the commit of a change found, each commit built once, hostile commit
# subjects kept as data, the user's repository the same after the job; a
# commit that does not build skipped and gone around; a BUILD that leaves a
# daemon behind. The quick cases: tests/harness/bisect.bats.

load ../harness/helpers
load ../harness/bisect

setup_file() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    command -v jq >/dev/null || skip "jq is not installed (Debian: jq)"
}

setup() {
    R=$BATS_TEST_TMPDIR/repo
    O=$BATS_TEST_TMPDIR/out
}

@test "bisect finds the commit of a slowdown; each commit built once; hostile subjects are data; the repository is the same after" {
    HOSTILE=1 BUILD_LOG=$BATS_TEST_TMPDIR/builds history tiny 6 3
    local bad3 sub3
    bad3=$(git -C "$R" rev-parse HEAD~2)
    sub3=$(git -C "$R" log -1 --format=%s HEAD~2)
    snapshot "$BATS_TEST_TMPDIR/before"
    bisect --good HEAD~5 --bad HEAD
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
    [ "$(jq -r '.answers[0].id' "$O/results.json")" = bisect ]
    [ "$(jq -r '.answers[0].verdict' "$O/results.json")" = changes ]
    [ "$(jq -r '.answers[0].changes | length' "$O/results.json")" -eq 1 ]
    [ "$(jq -r '.answers[0].changes[0].commit' "$O/results.json")" = "$bad3" ]
    [ "$(jq -r '.answers[0].changes[0].direction' "$O/results.json")" = slower ]
    # the subject exactly as git has it, and never run
    [ "$(jq -r '.answers[0].changes[0].subject' "$O/results.json")" = "$sub3" ]
    jq -e '.answers[0].changes[0].ratio_lo > 1.5' "$O/results.json"
    [ ! -e /tmp/bisect-pwned ]
    grep -F "${bad3:0:12}" "$O/report.md"
    absent -F '<script>' "$O/report.md"
    absent -F '**bold**' "$O/report.md"
    grep -F '&lt;script&gt;' "$O/report.md"
    # each comparison a row of bisect.tsv, the last the confirmation
    [ "$(tail -n 1 "$O/bisect.tsv" | cut -f 2)" = confirm ]
    [ "$(tail -n 1 "$O/bisect.tsv" | cut -f 7)" = slower ]
    # built once each: no commit twice in the builds' log
    [ -z "$(sort "$BATS_TEST_TMPDIR/builds" | uniq -d)" ]
    [ "$(wc -l <"$BATS_TEST_TMPDIR/builds")" -eq "$(jq -r '.answers[0].builds' "$O/results.json")" ]
    # the worktrees and the clone are gone
    [ -z "$(find "$O" -name prog)" ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
}

@test "bisect goes around a commit that does not build: skipped, said, the change between the commits it could look at" {
    BROKEN=2 BUILD_LOG=$BATS_TEST_TMPDIR/builds history tiny 6 3
    bisect --good HEAD~5 --bad HEAD
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the skipped commit is the middle of two segments: tried once
    [ "$(grep -c '^commit 2$' "$BATS_TEST_TMPDIR/builds")" -eq 1 ]
    [ -z "$(sort "$BATS_TEST_TMPDIR/builds" | uniq -d)" ]
    [ "$(jq -r '.answers[0].skipped | length' "$O/results.json")" -eq 1 ]
    [ "$(jq -r '.answers[0].skipped[0].commit' "$O/results.json")" = "$(git -C "$R" rev-parse HEAD~3)" ]
    jq -e '.answers[0].skipped[0].why | test("build failed")' "$O/results.json"
    grep -F 'Skipped commits' "$O/report.md"
    [ "$(jq -r '.answers[0].changes[0].commit' "$O/results.json")" = "$(git -C "$R" rev-parse HEAD~2)" ]
    [ "$(jq -r '.answers[0].changes[0].skipped_between' "$O/results.json")" -eq 1 ]
}

@test "bisect: a BUILD that leaves a daemon behind: the daemon is killed after the build, the job goes on" {
    history tiny 4 2
    bisect --good HEAD~3 --bad HEAD --build "sh $PROGS/daemon.sh 7.73"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run pgrep -f '^sleep 7.73'
    [ "$status" -eq 1 ]
    [ "$(jq -r '.answers[0].changes[0].commit' "$O/results.json")" = "$(git -C "$R" rev-parse HEAD~1)" ]
}
