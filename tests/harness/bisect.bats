#!/usr/bin/env bats
# tests/harness/bisect.bats -- make bisect (harness/bisect.sh): the commit of
# a change found in a history made by tests/harness/progs/bisect_history.sh
# (a shell program whose sleep goes 0.01 -> 0.03 s at one commit: ab.sh says
# it in 8 blocks), a commit that does not build skipped and gone around, a
# history of one code naming no commit, each commit built once, hostile
# commit subjects kept as data, the user's repository the same after the
# job (SIGINT mid-build and mid-run included), bad input one line and exit 2.

load helpers

setup_file() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    command -v jq >/dev/null || skip "jq is not installed (Debian: jq)"
}

setup() {
    R=$BATS_TEST_TMPDIR/repo
    O=$BATS_TEST_TMPDIR/out
}

# history KIND [N] [AT]: the test history in R, then its checkout made dirty
# (a stash, a changed file, an untracked one): the job must leave all of it
history() {
    bash "$PROGS/bisect_history.sh" "$R" "$@" >/dev/null
    git -C "$R" branch keep HEAD~1
    echo stashed >>"$R/notes.txt"
    git -C "$R" stash --quiet
    echo dirty >>"$R/notes.txt"
    echo untracked >"$R/untracked.txt"
}

# snapshot FILE: what the user sees of R (refs, status, worktrees, stash,
# HEAD) and every file of its .git, hashed
snapshot() {
    {
        git -C "$R" for-each-ref
        git -C "$R" status --porcelain
        git -C "$R" worktree list --porcelain
        git -C "$R" stash list
        git -C "$R" rev-parse HEAD
        git -C "$R" symbolic-ref -q HEAD || true
        (cd "$R" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
    } >"$1"
}

# bisect ARGS...: a short job on R (8 blocks a comparison)
bisect() {
    run bash "$H/bisect.sh" --repo "$R" --build "sh {src}/build.sh" --run "{src}/prog" \
        --out "$O" --seed 11 --max-procs 8 "$@"
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

@test "bisect of a history of one code names no commit, after one comparison (asked again when not resolved)" {
    history tinysame 6
    bisect --good HEAD~5 --bad HEAD
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(jq -r '.answers[0].changes | length' "$O/results.json")" -eq 0 ]
    [ "$(jq -r '.answers[0].comparisons' "$O/results.json")" -le 2 ]
    [ "$(jq -r '.answers[0].builds' "$O/results.json")" -eq 2 ]
    grep -E 'No change (found|named)' "$O/report.md"
}

@test "bisect: bad input is one line and exit 2, nothing made" {
    history tiny 4 2
    mkdir "$BATS_TEST_TMPDIR/plain"
    run bash "$H/bisect.sh" --repo "$BATS_TEST_TMPDIR/plain" --good a --bad b --build true --run true --out "$O"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"is not a git repository"* ]]
    bisect --good HEAD~3 --bad nosuchrev
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"'nosuchrev' is not a commit"* ]]
    bisect --good HEAD --bad HEAD~3
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"is not an ancestor of --bad"* ]]
    bisect --good '--upload-pack=touch' --bad HEAD
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"starting with '-'"* ]]
    bisect --good HEAD~3 --bad HEAD --load heavy
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--load: expected none, pinned or free"* ]]
    run bash "$H/bisect.sh" --repo "$R" --good HEAD~3 --bad HEAD --run "{src}/prog" --out "$O"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--build CMD is required"* ]]
    [ ! -e "$O" ]
}

@test "bisect: a repository with submodules is refused, one line, exit 2" {
    history tiny 4 2
    printf '[submodule "x"]\n\tpath = x\n\turl = ../x\n' >"$R/.gitmodules"
    git -C "$R" add .gitmodules
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m submodules
    bisect --good HEAD~3 --bad HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"submodules"* ]]
    [ ! -e "$O" ]
}

@test "bisect: a BUILD that leaves a daemon behind: the daemon is killed after the build, the job goes on" {
    history tiny 4 2
    bisect --good HEAD~3 --bad HEAD --build "sh $PROGS/daemon.sh 7.73"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run pgrep -f '^sleep 7.73'
    [ "$status" -eq 1 ]
    [ "$(jq -r '.answers[0].changes[0].commit' "$O/results.json")" = "$(git -C "$R" rev-parse HEAD~1)" ]
}

@test "bisect: SIGINT mid-build: exit 130, the build stopped, no worktree left, the repository the same" {
    history tiny 4 2
    snapshot "$BATS_TEST_TMPDIR/before"
    env --default-signal=INT bash "$H/bisect.sh" --repo "$R" --good HEAD~3 --bad HEAD --build "sleep 7.43" \
        --run "{src}/prog" --out "$O" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for pgrep -f '^sleep 7.43'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    run pgrep -f '^sleep 7.43'
    [ "$status" -eq 1 ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    [ -z "$(find "$O" -name prog)" ]
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

@test "bisect: SIGINT mid-run (an ab.sh comparison): exit 130, no run left, no worktree left, the repository the same" {
    # prog: quick the first time (the check run), 7.61 s every run after
    mkdir "$R"
    git -C "$R" init --quiet
    printf '#!/bin/sh\nd=$(dirname "$0")\nif [ -e "$d/checked" ]; then sleep 7.61; fi\ntouch "$d/checked"\necho done\n' >"$R/prog"
    chmod +x "$R/prog"
    printf 'true\n' >"$R/build.sh"
    git -C "$R" add -A
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m one
    echo two >"$R/notes.txt"
    git -C "$R" add -A
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m two
    snapshot "$BATS_TEST_TMPDIR/before"
    env --default-signal=INT bash "$H/bisect.sh" --repo "$R" --good HEAD~1 --bad HEAD --build "sh {src}/build.sh" \
        --run "{src}/prog" --out "$O" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for pgrep -f '^sleep 7.61'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    sleep 0.5
    run pgrep -f 'sleep 7.61'
    [ "$status" -eq 1 ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    [ -z "$(find "$O" -name prog)" ]
    [ -d "$O/ab" ]
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

@test "make bisect: REPO, GOOD, BAD, BUILD and RUN are never pasted into a shell line (make -n: named)" {
    run make -s -n -C "$ROOT" bisect REPO=/x GOOD=a BAD=b BUILD="true' ; touch $BATS_TEST_TMPDIR/X ; echo '" RUN="prog it's \$1"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/bisect.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh bash harness/bisect.sh --repo "$COLDLOAD_MAKE_REPO" --good "$COLDLOAD_MAKE_GOOD"'* ]]
    [[ $line == *'--build "$COLDLOAD_MAKE_BUILD" --run "$COLDLOAD_MAKE_RUN"'* ]]
    [[ $line != *touch* ]]
    [[ $line != *"it's"* ]]
}
