#!/usr/bin/env bats
# tests/harness/remedies.bats -- threads.sh's --remedies: off tries nothing
# and says so, a bad mode is refused before anything is made. The remedies
# tried under a real load (a spinning OpenMP program that the passive wait
# policy must fix): tests/long/remedies.bats; the rule and the report:
# tests/report/remedies.bats.
# (the cases under a long real load: tests/long/remedies.bats, make test-long)

load helpers
load remedies

@test "remedies: --remedies takes off, auto or all (exit 2, nothing made)" {
    run bash "$H/threads.sh" --remedies sometimes --out "$O" --binary "$OMP"
    [ "$status" -eq 2 ]
    [[ $output == *"--remedies"*"sometimes"* ]]
    [ ! -e "$O" ]
}
