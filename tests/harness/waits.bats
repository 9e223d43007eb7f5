#!/usr/bin/env bats
# tests/harness/waits.bats -- what coldload-run's figures say about how a
# program's threads wait: a fork-join program (progs/forkjoin.c) whose
# workers sleep on a condition variable or spin between rounds while
# the main thread sleeps 1 ms. CPU time against wall time tells spinning
# from sleeping (the spins verdict's figure), voluntary switches count the
# wake-ups (the wake-ups verdict's).

load helpers

setup_file() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    command -v gcc >/dev/null || skip "gcc is not installed (make deps-test)"
    gcc -O2 -std=c11 -D_GNU_SOURCE -pthread "$PROGS/forkjoin.c" \
        -o "$BATS_FILE_TMPDIR/forkjoin"
}

# waits MODE: one run of 2 workers x 100 rounds; prints wall_ms cpu_ms nvcsw
waits() {
    local csv=$BATS_TEST_TMPDIR/$1.csv
    "$B/coldload-run" --runs-csv "$csv" -- "$BATS_FILE_TMPDIR/forkjoin" "$1" 2 100 20000 >/dev/null
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print $c["wall_ms"], $c["cpu_ms"], $c["nvcsw"] }' "$csv"
}

@test "waits: sleeping workers use little CPU against the wall, and each round wakes them (voluntary switches)" {
    read -r wall cpu nvcsw <<<"$(waits sleep)"
    echo "wall $wall cpu $cpu nvcsw $nvcsw"
    awk -v w="$wall" -v c="$cpu" 'BEGIN { exit !(c <= 0.5 * w) }'
    [ "$nvcsw" -ge 100 ]
}

@test "waits: spinning workers burn CPU through the main thread's sleeps, several times what sleeping ones use" {
    local sw sc ww wc
    read -r sw sc _ <<<"$(waits sleep)"
    read -r ww wc _ <<<"$(waits spin)"
    echo "sleep: wall $sw cpu $sc; spin: wall $ww cpu $wc"
    awk -v w="$ww" -v c="$wc" 'BEGIN { exit !(c >= 0.6 * w) }'
    awk -v sw="$sw" -v sc="$sc" -v ww="$ww" -v wc="$wc" \
        'BEGIN { exit !(wc / ww >= 3 * sc / sw) }'
}

@test "waits: forkjoin refuses a mode it does not know (exit 2)" {
    run "$BATS_FILE_TMPDIR/forkjoin" nap 2 1 1
    [ "$status" -eq 2 ] && [[ $output == *"usage: forkjoin sleep|yield|spin"* ]]
}
