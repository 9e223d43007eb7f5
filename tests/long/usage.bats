#!/usr/bin/env bats
# tests/long/usage.bats -- the cases of tests/harness/usage.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/usage

@test "--out: another user's symbolic link is not followed; our own is, and meta says where" {
    command -v hyperfine >/dev/null || skip "hyperfine is not installed"
    [ "$(id -u)" = 0 ] || skip "needs root to make a link another user owns"
    mkdir -p "$BATS_TEST_TMPDIR/target"
    ln -s "$BATS_TEST_TMPDIR/target" "$BATS_TEST_TMPDIR/theirs"
    chown -h 65534:65534 "$BATS_TEST_TMPDIR/theirs"
    run env COLDLOAD_NO_DROPCACHE=1 COLDLOAD_NO_STRACE=1 bash "$H/cold.sh" --quick --copies 1 --hf-runs 2 \
        --out "$BATS_TEST_TMPDIR/theirs" --binary /bin/true
    [ "$status" -eq 2 ]
    [[ $output == *"is a symbolic link of uid 65534"*"not followed"* ]]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/target")" ]
    ln -s "$BATS_TEST_TMPDIR/target" "$BATS_TEST_TMPDIR/ours"
    run env COLDLOAD_NO_DROPCACHE=1 COLDLOAD_NO_STRACE=1 bash "$H/cold.sh" --quick --copies 1 --hf-runs 2 \
        --out "$BATS_TEST_TMPDIR/ours" --binary /bin/true
    [ "$status" -eq 0 ]
    [[ $output == *"--out $BATS_TEST_TMPDIR/ours is a symbolic link: writing into $BATS_TEST_TMPDIR/target"* ]]
    grep -qx "out_symlink=$BATS_TEST_TMPDIR/target" "$BATS_TEST_TMPDIR/target/meta.txt"
}
