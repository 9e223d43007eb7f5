# shellcheck shell=bash
# tests/harness/bisect.bash -- the helpers of the bisect and history tests
# (tests/harness/bisect.bats, history.bats, tests/long/bisect.bats): a test history in R
# made dirty, a snapshot of what the user sees of it, a short job on it
# (bisect, hist), a history.tsv field (row).
# Needs helpers.bash (PROGS, H, B). Their setup: R the test history, O the
# job's results directory, in the test's own temporary directory.

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

# hist ARGS...: a short job on R (QUICK, 8 blocks)
hist() {
    run bash "$H/history.sh" --repo "$R" --build "sh {src}/build.sh" --run "{src}/prog" \
        --out "$O" --seed 11 --quick --max-procs 8 "$@"
}

# row COMMIT FIELD: history.tsv's FIELD (1-12) of COMMIT
row() { awk -F'\t' -v c="$1" -v f="$2" '$1 == c { print $f }' "$O/history.tsv"; }
