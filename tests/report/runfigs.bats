#!/usr/bin/env bats
# tests/report/runfigs.bats -- a run's figures by name: runs.csv read by the
# names of runs-columns.tsv (the launcher's column table), each figure's
# median per cell in results.json and, marked `cell`, in the threads
# report's per-cell table; a hostile table is refused with file:line.

load helpers

setup() {
    need_results
    cp -r "$ROOT/tests/fixtures/results-threads/." "$D/"
}

@test "the launcher's table names the figures: medians per cell in results.json, the cell ones in the per-cell table" {
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # width 1 under pinned load: nivcsw of its three runs in runs.csv, their median
    want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["width"] == 1 && $c["load"] == "pinned" { print $c["nivcsw"] }' "$D/runs.csv" | sort -n | sed -n 2p)
    [ "$(jq -r '.groups[] | select(.key.width == 1 and .key.load == "pinned") | .run_figures.nivcsw' "$D/results.json")" = "$want" ]
    # what each figure is, from the table
    [ "$(jq -r '.run_figures[] | select(.name == "wall_ms") | "\(.unit) \(.cell)"' "$D/results.json")" = "ms false" ]
    [ "$(jq -r '.run_figures[] | select(.name == "cpu_ms") | .cell' "$D/results.json")" = true ]
    # the per-cell table: a column per cell figure, none for the others ("-": a
    # figure these older runs.csv rows do not have)
    grep -q '^| width | load | runs ok | failed | stopped | median run, ms | x idle | slow runs | 1 CPU / more | cpu\\_ms, median | wait\\_full\\_ms, median | runq\\_wait\\_ms, median | throttled\\_ms, median |$' "$D/report.md"
    grep -q "^| 1 | pinned load (2 workers) | 3 | 0 | 0 | .* | - | - | - | - |$" "$D/report.md"
}

@test "a new figure is one row of the table: a column of runs.csv it names is read, whatever it is called" {
    awk -F, -v OFS=, 'NR == 1 { print $0, "queue_wait_ms"; next } { print $0, NR * 10 }' "$D/runs.csv" >"$D/r"
    mv "$D/r" "$D/runs.csv"
    printf 'queue_wait_ms\tfigure\tms\t1\ttime its threads waited for a CPU\n' >>"$D/runs-columns.tsv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '| queue\\_wait\\_ms, median |$' "$D/report.md"
    [ "$(jq -r '.run_figures[] | select(.name == "queue_wait_ms") | .what' "$D/results.json")" = "time its threads waited for a CPU" ]
    [ "$(jq -r '[.groups[].run_figures.queue_wait_ms | select(. != null)] | length' "$D/results.json")" -gt 0 ]
}

@test "the runtimes a cell loaded: said with the variables that reached them, one none sets said apart, a hostile item dropped" {
    awk -F, -v OFS=, 'NR == 1 { print $0, "runtimes"; next }
        { print $0, "libgomp:OMP_NUM_THREADS;libtbb:;bad\033item:X" }' "$D/runs.csv" >"$D/r"
    mv "$D/r" "$D/runs.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q 'It loaded libgomp, libtbb: the width reached it through OMP\\_NUM\\_THREADS. None of the width variables sets the threads of libtbb: they ran at their own count in every cell.' "$D/report.md"
    [ "$(jq -r '.groups[0].run_figures.runtimes' "$D/results.json")" = "libgomp:OMP_NUM_THREADS;libtbb:" ]
    run grep -q 'bad' "$D/report.md"
    [ "$status" -eq 1 ]
}

@test "runs-columns.tsv is hostile data: a bad name, a control character, a bad cell, a wrong header -- file:line, exit 2" {
    cp "$D/runs-columns.tsv" "$BATS_TEST_TMPDIR/good"
    for bad in 'Bad-Name\tfigure\tms\t0\tx' 'a_b\tfigure\tms\t2\tx' 'a_b\tfigure\tm\033s\t0\tx' 'a_b\tfigure\tms\t0'; do
        { cat "$BATS_TEST_TMPDIR/good"; printf '%b\n' "$bad"; } >"$D/runs-columns.tsv"
        run "$SUMMARIZE" "$D"
        [ "$status" -eq 2 ] || { echo "accepted: $bad"; false; }
        [[ $output == *"runs-columns.tsv:$(($(wc -l <"$BATS_TEST_TMPDIR/good") + 1)):"* ]]
    done
    printf 'name\trole\n' >"$D/runs-columns.tsv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"runs-columns.tsv:1:"* ]]
    # a figure that is not a number in runs.csv: file:line, the column named
    cp "$BATS_TEST_TMPDIR/good" "$D/runs-columns.tsv"
    awk -F, -v OFS=, 'NR == 3 { for (i = 1; i <= NF; i++) if (h[i] == "nivcsw") $i = "lots" } NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i } { print }' \
        "$D/runs.csv" >"$D/r"
    mv "$D/r" "$D/runs.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"runs.csv:3: column 'nivcsw': 'lots' is not a whole number >= 0"* ]]
}

@test "results from before the table (no runs-columns.tsv): no run figures, nothing refused" {
    rm "$D/runs-columns.tsv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    [ "$(jq -r '.run_figures | length' "$D/results.json")" = 0 ]
    grep -q '^| width | load | runs ok | failed | stopped | median run, ms | x idle | slow runs | 1 CPU / more |$' "$D/report.md"
}
