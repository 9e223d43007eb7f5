#!/usr/bin/env bats
# tests/long/remedies.bats -- what fixes it here, end to end under a real
# load: a program whose OpenMP threads spin (OMP_WAIT_POLICY=active) under
# pinned load; threads.sh tries every setting (--remedies all: whether the
# spinning hurts enough for auto to try them depends on how busy the machine
# is -- 4.7x on a busy one here, 1.0x on a quiet one), and the passive wait
# policy must fix it: within 1.25x of the best width (about a minute). The
# rest: tests/harness/remedies.bats, tests/report/remedies.bats, and
# tests/unit/test_remedy.c for what auto chooses.

load ../harness/helpers

setup_file() { omp_setup_file; }
setup() { omp_setup; }

@test "remedies: a spinning OpenMP program under pinned load -- OMP_WAIT_POLICY=passive fixes it" {
    OMP_WAIT_POLICY=active run bash "$H/threads.sh" --quick --procs 3 --load pinned --widths "1 2" \
        --remedies all --out "$O" --binary "$OMP" -- 100
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'threads_remedies=all' "$O/meta.txt"
    grep -q '^threads_remedy_pinned_s2=r0 OMP_WAIT_POLICY=passive' "$O/meta.txt"
    # its rows in a directory of its own: three runs under the load, at the
    # cell results.json names -- the default cell when it costs, else the
    # widest width (which of the two depends on how busy the machine is)
    [ "$(($(wc -l <"$O/remedies/r0/runs.csv") - 1))" -eq 3 ]
    at=$(jq -r '.remedies[] | select(.id == "r0" and .load == "pinned") | .width // "default"' "$O/results.json")
    [[ "$at" = default || "$at" = 2 ]]
    [ "$(col "$O/remedies/r0/runs.csv" width_requested | sort -u)" = "$at" ]
    [ "$(col "$O/remedies/r0/runs.csv" load | sort -u)" = pinned ]
    [ "$(col "$O/remedies/r0/runs.csv" status | sort -u)" = ok ]
    # the cells' rows are the rounds' alone: 3 cells x 2 levels x 3 runs
    [ "$(($(wc -l <"$O/runs.csv") - 1))" -eq 18 ]
    jq -e '.remedies[] | select(.id == "r0" and .load == "pinned") | .fixes == true and .runs == 3' "$O/results.json"
    grep -q '^| pinned load (2 workers) | OMP\\_WAIT\\_POLICY=passive\( at width 2\)\? | .* | yes |' "$O/report.md"
    grep -q 'What fixes it here, under pinned load (2 workers): OMP\\_WAIT\\_POLICY=passive\( at width 2\)\? fixes it' "$O/report.md"
}

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
