#!/usr/bin/env bats
# tests/harness/remedies.bats -- what fixes it here, end to end: a program
# whose OpenMP threads spin (OMP_WAIT_POLICY=active) under pinned load,
# where threads hurt; threads.sh tries the settings for the runtime it
# loaded, and the passive wait policy must fix it. --remedies off tries
# nothing.

load helpers

P=$BATS_TEST_DIRNAME/progs

setup_file() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    command -v gcc >/dev/null || skip "gcc"
    gcc -O2 -fopenmp "$P/omp_work.c" -o "$BATS_FILE_TMPDIR/omp_work"
}

setup() {
    OMP=$BATS_FILE_TMPDIR/omp_work
    O=$BATS_TEST_TMPDIR/out
}

@test "remedies: a spinning OpenMP program under pinned load -- OMP_WAIT_POLICY=passive fixes it" {
    OMP_WAIT_POLICY=active run bash "$H/threads.sh" --quick --procs 3 --load pinned --widths "1 2" \
        --out "$O" --binary "$OMP" -- 100
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'threads_remedies=auto' "$O/meta.txt"
    grep -q '^threads_remedy_pinned_s2=r0 OMP_WAIT_POLICY=passive' "$O/meta.txt"
    # its rows in a directory of its own: three runs at the default cell, under the load
    [ "$(($(wc -l <"$O/remedies/r0/runs.csv") - 1))" -eq 3 ]
    [ "$(col "$O/remedies/r0/runs.csv" width_requested | sort -u)" = default ]
    [ "$(col "$O/remedies/r0/runs.csv" load | sort -u)" = pinned ]
    [ "$(col "$O/remedies/r0/runs.csv" status | sort -u)" = ok ]
    # the cells' rows are the rounds' alone: 3 cells x 2 levels x 3 runs
    [ "$(($(wc -l <"$O/runs.csv") - 1))" -eq 18 ]
    jq -e '.remedies[] | select(.id == "r0") | .fixes == true and .runs == 3' "$O/results.json"
    grep -q '^| pinned load (2 workers) | OMP\\_WAIT\\_POLICY=passive | .* | yes |' "$O/report.md"
    grep -q 'What fixes it here, under pinned load (2 workers): OMP\\_WAIT\\_POLICY=passive fixes it' "$O/report.md"
}

@test "remedies: --remedies off tries nothing, and the report says so" {
    run bash "$H/threads.sh" --quick --procs 1 --load pinned --widths 1 --remedies off \
        --out "$O" --binary "$OMP" -- 5
    if grep -q 'inherited CPU quota' "$O/report.md"; then false; fi
    [ "$status" -eq 0 ] || { echo "$output"; false; }
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
