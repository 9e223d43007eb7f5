#!/usr/bin/env bats
# tests/report/why.bats -- why a slow run of a program was slow, from its
# run figures (runs.csv by name): waits-for-cpu, spins and wake-ups on each
# side of --why-share, from a cgroup's CPU pressure or from schedstat, and
# the report's "Why" sentence for the deciding cell.

load helpers

setup() {
    need_results
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
}

# figures COLUMNS AWK_EXPR...: runs.csv gains COLUMNS (comma-separated),
# each row's values from the awk expressions (wall: its wall_ms, w: its
# width or 2 for the default cell, idle: 1 on an idle row); the column
# table names them.
figures() {
    local cols=$1
    shift
    local exprs
    exprs=$(IFS=,; echo "$*")
    awk -F, -v OFS=, -v cols="$cols" "NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; print \$0, cols; next }
        { wall = \$c[\"wall_ms\"]; w = \$c[\"width\"] == \"\" ? 2 : \$c[\"width\"]; idle = \$c[\"load\"] == \"none\"
          print \$0, $exprs }" "$D/runs.csv" >"$D/r" && mv "$D/r" "$D/runs.csv"
}

why() { grep -E "^(WARN|NOTE) $1: " "$D/verdicts.txt" || true; }

@test "waits-for-cpu: for 60% of its run no task could run, its CPU time as idle -- and not at 30%" {
    figures cg_cpu_ms,wait_full_ms '36 * w' '(idle ? 0 : 0.6 * wall)'
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    why waits-for-cpu | grep -q 'omp, width 2, loaded pinned (stressors 2), copy inplace: for 60% of its 110.7 ms run no thread of it could run (CPU pressure full, its own cgroup)'
    [ -z "$(why spins)" ]
    grep -q 'Why, at width 2 under pinned load (2 workers): waiting for a CPU 60% of its median run' "$D/report.md"
    # below --why-share (0.4): no finding
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    figures cg_cpu_ms,wait_full_ms '36 * w' '(idle ? 0 : 0.3 * wall)'
    "$SUMMARIZE" "$D" >/dev/null
    [ -z "$(why waits-for-cpu)" ]
    # --why-share moves the line
    "$SUMMARIZE" --why-share 0.25 "$D" >/dev/null
    [ -n "$(why waits-for-cpu)" ]
}

@test "spins: CPU time near wall x threads and above 1.5x idle; wake-ups: neither running nor waiting" {
    figures cg_cpu_ms,wait_full_ms '(idle ? 36 * w : 0.9 * wall * w)' '(idle ? 0 : 0.1 * wall)'
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    why spins | grep -q 'omp, width 2, loaded pinned (stressors 2), copy inplace: its threads burned 199.2 ms of CPU in a 110.7 ms run (90% of 2 threads'"'"' time; idle 72.000 ms of CPU): they spin while they wait'
    [ -z "$(why waits-for-cpu)" ]
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
    figures cg_cpu_ms,wait_full_ms '36 * w' '(idle ? 0 : 0.1 * wall)'
    "$SUMMARIZE" "$D" >/dev/null
    why wake-ups | grep -q '^NOTE wake-ups: omp, width 2, loaded free (stressors 2), copy inplace: [0-9]*% of its 408.7 ms run it neither ran nor waited for a CPU'
    [ -z "$(why spins)" ]
}

@test "without a cgroup: the wait from schedstat (run-queue wait over runnable time), said so" {
    figures runq_wait_ms,oncpu_ms,cpu_ms '(idle ? 1 : 0.7 * wall * w)' '(idle ? 36 * w : 0.3 * wall * w)' '36 * w'
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    why waits-for-cpu | grep -q 'omp, width 2, loaded pinned (stressors 2), copy inplace: its threads spent 70% of their runnable time waiting on a run queue (schedstat)'
    grep -q "(its threads' schedstat)" "$D/report.md"
}

@test "results without the figures: no why, no sentence" {
    "$SUMMARIZE" "$D" >/dev/null
    [ -z "$(why 'waits-for-cpu|spins|wake-ups')" ]
    run grep -c 'Why, at width' "$D/report.md"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
}

@test "the page's loaded cells (results-runs: every run through the launcher, runs.csv): the Why split in the second answer and waits-for-cpu, joined to cells of wait=block" {
    R=$BATS_TEST_TMPDIR/runs
    cp -r "$ROOT/tests/fixtures/results-runs" "$R"
    run "$SUMMARIZE" "$R"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the worst pinned cell, as the threads answer says it (threadsdocWhySplit)
    grep -q "Why, in svdvals width 2: waiting for a CPU 95% of its median run, running 0%, blocked 5% (its own cgroup's CPU pressure); its CPU time 66.198 ms against 66.198 ms idle (see the waits-for-cpu, spins and wake-ups verdicts)\." "$R/report.md"
    # each slow pinned cell says what its threads did: waited, as idle's CPU time
    grep -q '^WARN waits-for-cpu: svdvals size=256, width 2, wait block, loaded pinned (stressors 2), copy inplace: for 95% of its 6697 ms run no thread of it could run' "$R/verdicts.txt"
    grep -q '^WARN waits-for-cpu: grad n=1000, width 2, wait block, loaded pinned (stressors 2), copy inplace: ' "$R/verdicts.txt"
    run grep -cE '^(WARN|NOTE) (spins|wake-ups):' "$R/verdicts.txt"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
    # the launcher's figures joined the binaries' cells (wait=block), no cell of their own
    [ "$(jq '[.groups[] | select(.key.wait == "")] | length' "$R/results.json")" = 0 ]
    # the same directory without runs.csv (results from before): no Why, no such verdict
    rm "$R/runs.csv"
    "$SUMMARIZE" "$R" >/dev/null
    run grep -c 'Why, in' "$R/report.md"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
    run grep -c 'waits-for-cpu:' "$R/verdicts.txt"
    [ "$status" -eq 1 ]
    [ "$output" = 0 ]
}
