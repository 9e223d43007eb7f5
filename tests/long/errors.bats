#!/usr/bin/env bats
# tests/long/errors.bats -- the cases of tests/harness/errors.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/errors

@test "--budget truncation marks rows (truncated=1, the page line says how many runs)" {
    # width above the CPUs on purpose: measured, but said in meta
    w=$(( $(nproc) + 1 ))
    # --precision 0: the budget, not a known median, is what stops them here;
    # one process a cell (QUICK's one TRG beta): 6 series
    run bash "$H/warm.sh" --out "$OUT" --quick --procs 1 --widths "1 $w" --budget 0.05 --runs 100000 --precision 0
    [ "$status" -eq 0 ]
    # every series (run_id, workload, params) of the run was cut short and its last row says so
    run awk -F, 'NR > 1 && $8 == "steady" { last[$3 "," $4 "," $5] = $18 }
                 END { for (k in last) { n++; if (last[k] != 1) { print "not truncated: " k; bad = 1 } }
                       if (n < 4) { print "only " n " series"; bad = 1 } exit bad }' "$OUT/samples.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q 'budget: [0-9]* of 100000 runs' "$OUT/logs/warm-idle-svdvals-w1-p1.out"
    grep -q "^warning=warm: width $w exceeds the visible CPUs" "$OUT/meta.txt"
    grep -q "^warm_budget_s=0.05$" "$OUT/meta.txt"
}

@test "results are appended: a second run keeps the first run's rows, header once, logs not overwritten" {
    run bash "$H/warm.sh" --quick --procs 1 --out "$OUT" --widths 1 --budget 0.2 --runs 3
    [ "$status" -eq 0 ]
    cp "$OUT/samples.csv" "$BATS_TEST_TMPDIR/first.csv"
    cp "$OUT/whole.csv" "$BATS_TEST_TMPDIR/first-whole.csv"
    cp "$OUT/logs/warm-idle-grad-w1-p1.out" "$BATS_TEST_TMPDIR/first.out"
    run bash "$H/warm.sh" --quick --procs 1 --out "$OUT" --widths 1 --budget 0.2 --runs 3
    [ "$status" -eq 0 ]
    n=$(wc -l <"$BATS_TEST_TMPDIR/first.csv")
    [ "$(wc -l <"$OUT/samples.csv")" -gt "$n" ]
    head -n "$n" "$OUT/samples.csv" | cmp - "$BATS_TEST_TMPDIR/first.csv"
    n=$(wc -l <"$BATS_TEST_TMPDIR/first-whole.csv")
    head -n "$n" "$OUT/whole.csv" | cmp - "$BATS_TEST_TMPDIR/first-whole.csv"
    [ "$(grep -c '^timestamp,' "$OUT/samples.csv")" -eq 1 ]
    [ "$(grep -c '^timestamp,' "$OUT/whole.csv")" -eq 1 ]
    cmp "$OUT/logs/warm-idle-grad-w1-p1.out" "$BATS_TEST_TMPDIR/first.out"
    [ -s "$OUT/logs/warm-idle-grad-w1-p1-2.out" ]
    [ "$(grep -c '^warm_exit_status=0$' "$OUT/meta.txt")" -eq 2 ]
}

@test "--strict on a busy machine refuses with exit 3 before measuring; the default warns" {
    COLDLOAD_BUSY_PSI=0 run bash "$H/warm.sh" --out "$OUT" --widths 1 --strict
    [ "$status" -eq 3 ]
    [[ $output == *"machine busy"*"--strict"* ]]
    [ ! -e "$OUT/samples.csv" ]
    grep -q '^warm_refused=machine busy' "$OUT/meta.txt"
    COLDLOAD_BUSY_PSI=0 run bash "$H/warm.sh" --out "$OUT" --quick --procs 1 --widths 1 --budget 0.1 --runs 2
    [ "$status" -eq 0 ]
    grep -q '^warning=warm: machine busy before grad width 1' "$OUT/meta.txt"
}

@test "a missing ising_trg is skipped with a warning; the rest runs" {
    mkdir -p "$BATS_TEST_TMPDIR/build"
    ln -s "$B/p28_timing" "$BATS_TEST_TMPDIR/build/p28_timing"
    ln -s "$B/coldload-probe" "$B/coldload-run" "$BATS_TEST_TMPDIR/build/"
    COLDLOAD_BUILD=$BATS_TEST_TMPDIR/build run bash "$H/warm.sh" --out "$OUT" --quick --procs 1 --widths 1 --budget 0.2 --runs 2
    [ "$status" -eq 0 ]
    [[ $output == *"ising_trg is missing: its workloads skipped"* ]]
    grep -q '^warm_workloads=grad svdvals$' "$OUT/meta.txt"
    grep -q '^warning=warm: .*ising_trg is missing' "$OUT/meta.txt"
    [ "$(col "$OUT/samples.csv" workload | sort -u | tr '\n' ' ')" = "grad svdvals " ]
}

@test "cold.sh --binary: any program, fresh/same/evicted whole-process rows with faults, no samples" {
    run bash "$H/cold.sh" --out "$OUT" --copies 2 --hf-runs 2 --binary ls -- -l /
    [ "$status" -eq 0 ]
    [ ! -e "$OUT/samples.csv" ]
    grep -q "^cold_binary=$(type -P ls)$" "$OUT/meta.txt"
    grep -q '^cold_args=-l /$' "$OUT/meta.txt"
    for kind in fresh same evicted; do
        [ "$(awk -F, -v k="$kind" '$11 == "coldload-run" && $12 == k && $7 == "ls" && $17 ~ /^[0-9]+$/' "$OUT/whole.csv" | wc -l)" -eq 2 ]
        [ "$(awk -F, -v k="$kind" '$11 == "hyperfine" && $12 == k && $6 == k' "$OUT/whole.csv" | wc -l)" -eq 2 ]
    done
    grep -q ' root ' "$OUT/logs/cold-fresh-binary-k1.out"   # the program's own output is kept
    # each run's launcher row (workload: the program's name), of no cell of the summary
    for kind in fresh same evicted; do
        [ "$(rows "$OUT/runs.csv" workload ls | rows /dev/stdin copy "$kind" | tail -n +2 | wc -l)" -eq 2 ]
    done
}

@test "cold.sh as root drops the whole cache for copy=dropcache (or says in meta why not)" {
    COLDLOAD_NO_DROPCACHE='' run bash "$H/cold.sh" --out "$OUT" --copies 1 --hf-runs 2 --binary true
    [ "$status" -eq 0 ]
    if [ "$(id -u)" = 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
        grep -q '^cold_dropcache=yes$' "$OUT/meta.txt"
        [ "$(awk -F, '$12 == "dropcache"' "$OUT/whole.csv" | wc -l)" -eq 3 ]
    else
        grep -q '^cold_dropcache=skipped: ' "$OUT/meta.txt"
        run ! grep -q ',dropcache,' "$OUT/whole.csv"
    fi
}

@test "without --out: a stamped directory under results/, and results/latest points at it" {
    run bash "$H/warm.sh" --quick --procs 1 --widths 1 --budget 0.1 --runs 2
    [ "$status" -eq 0 ]
    d=$(readlink "$COLDLOAD_RESULTS/latest")
    [[ $d =~ ^[0-9]{8}T[0-9]{6}Z-.+$ ]]
    [ -s "$COLDLOAD_RESULTS/$d/samples.csv" ]
}

@test "a full disk: the run exits non-zero and leaves whole rows only" {
    [ "$(id -u)" = 0 ] || skip "mounting a small tmpfs needs root"
    mnt=$BATS_TEST_TMPDIR/small
    mkdir -p "$mnt"
    # skip-ok: root mounts a tmpfs on any Linux
    mount -t tmpfs -o size=96k tmpfs "$mnt" || skip "cannot mount tmpfs"
    run timeout 120 bash "$H/warm.sh" --out "$mnt/out" --widths 1 --runs 2000 --budget 2 --precision 0
    echo "$output" | tail -n 5
    [ "$status" -ne 0 ]
    every_row_complete "$mnt/out/samples.csv"
    # whole.csv quotes its trg params: the summarizer reads both properly
    mkdir -p "$BATS_TEST_TMPDIR/sum/plots"
    run "$B/coldload-summarize" --no-report --out "$BATS_TEST_TMPDIR/sum" "$mnt/out"
    umount "$mnt"
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "cold.sh --binary of a failing program says so and exits 1; its watchdog is --budget" {
    run bash "$H/cold.sh" --out "$OUT" --quick --copies 1 --hf-runs 2 --budget 3 --binary /usr/bin/false
    [ "$status" -eq 1 ]
    [[ $output == *"/usr/bin/false exited non-zero in 3 of 3 runs (first: exit 1"* ]]
    grep -q '^cold_binary_failed_runs=3 of 3$' "$OUT/meta.txt"
    grep -q '^cold_watchdog_s=3$' "$OUT/meta.txt"
}

@test "plots.sh renders a --binary results directory (no in-process rows)" {
    command -v gnuplot >/dev/null || skip "gnuplot not installed"
    [ -x "$B/coldload-summarize" ] || skip "coldload-summarize not built (make)"
    run bash "$H/cold.sh" --out "$OUT" --quick --copies 1 --hf-runs 2 --binary /usr/bin/true
    [ "$status" -eq 0 ]
    run bash "$H/plots.sh" --results "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -s "$OUT/plots/cold_start.png" ]
}
