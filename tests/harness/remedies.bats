#!/usr/bin/env bats
# tests/harness/remedies.bats -- threads.sh's --remedies: off tries nothing
# and says so, a bad mode is refused before anything is made. The remedies
# tried under a real load (a spinning OpenMP program that the passive wait
# policy must fix): tests/long/remedies.bats; the rule and the report:
# tests/report/remedies.bats.

load helpers


setup_file() { omp_setup_file; }
setup() { omp_setup; }

@test "remedies: --remedies off tries nothing, and the report says so" {
    run bash "$H/threads.sh" --quick --procs 1 --load pinned --widths 1 --remedies off \
        --out "$O" --binary "$OMP" -- 5
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    if grep -q 'inherited CPU quota' "$O/report.md"; then false; fi
    grep -qx 'threads_remedies=off' "$O/meta.txt"
    grep -qx 'threads_inherited_quota=none' "$O/meta.txt"   # no CPU limit on this machine
    [ ! -e "$O/remedies" ]
    grep -q '^Nothing was tried (--remedies off)' "$O/report.md"
}

@test "remedies: --remedies takes off, auto or all (exit 2, nothing made)" {
    run bash "$H/threads.sh" --remedies sometimes --out "$O" --binary "$OMP"
    [ "$status" -eq 2 ]
    [[ $output == *"--remedies"*"sometimes"* ]]
    [ ! -e "$O" ]
}
