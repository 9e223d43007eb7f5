#!/usr/bin/env bats
# tests/setup/synopsis.bats -- the synopsis of `make threads` and `make ab`
# is one: README's, the job's own docs page's and its mk/ file's LOAD=
# choices are the ones its harness accepts (the harness's own error for a
# bad --load names them), so no page offers a load the job refuses or
# leaves out one it takes.

# bats sets status and output; each @test runs in its own subshell.
# shellcheck disable=SC2030,SC2031,SC2154

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

# accepted JOB: the --load kinds harness/JOB.sh takes, '|'-joined, from its
# usage error ("expected pinned, free, both, quota or all, got 'x'")
accepted() {
    local extra=(--binary /bin/true)
    [ "$1" != ab ] || extra=(--a /bin/true --b /bin/true)
    bash "$ROOT/harness/$1.sh" --load bogus "${extra[@]}" --out "$BATS_TEST_TMPDIR/never" 2>&1 |
        sed -n "s/.*--load: expected \(.*\), got 'bogus'.*/\1/p" | sed 's/, / /g; s/ or / /' | tr ' ' '|'
}

# synopsis FILE JOB: the LOAD= choices of FILE's `make JOB` synopsis line
synopsis() {
    grep -E "^[#[:space:]]*make $2 " "$1" | head -n 1 | grep -o 'LOAD=[a-z|]*' | sed 's/^LOAD=//'
}

@test "make threads: README, docs/threads.md and mk/threads.mk offer the loads threads.sh takes" {
    local want
    want=$(accepted threads)
    [ "$want" = "pinned|free|both|quota|all" ]
    [ "$(synopsis "$ROOT/README.md" threads)" = "$want" ]
    [ "$(synopsis "$ROOT/docs/threads.md" threads)" = "$want" ]
    [ "$(synopsis "$ROOT/mk/threads.mk" threads)" = "$want" ]
}

@test "make ab: README, docs/ab.md and mk/ab.mk offer the loads ab.sh takes" {
    local want
    want=$(accepted ab)
    [ "$want" = "none|pinned|free" ]
    [ "$(synopsis "$ROOT/README.md" ab)" = "$want" ]
    [ "$(synopsis "$ROOT/docs/ab.md" ab)" = "$want" ]
    [ "$(synopsis "$ROOT/mk/ab.mk" ab)" = "$want" ]
}
