#!/usr/bin/env bats
# tests/harness/remedies.bats -- threads.sh's --remedies: a bad mode is refused
# before anything is made. The remedies
# tried under a real load (a spinning OpenMP program that the passive wait
# policy must fix) and --remedies off: tests/long/remedies.bats; the rule
# and the report: tests/report/remedies.bats.

load helpers

setup() { O=$BATS_TEST_TMPDIR/out; }

@test "remedies: --remedies takes off, auto or all (exit 2, nothing made)" {
    run bash "$H/threads.sh" --remedies sometimes --out "$O" --binary /bin/true
    [ "$status" -eq 2 ]
    [[ $output == *"--remedies"*"sometimes"* ]]
    [ ! -e "$O" ]
}
