#!/usr/bin/env bats
# tests/harness/series.bats -- --series-regex RE: the per-call times a
# program prints, picked out of its stdout, as its processes' in-process
# series (threads.sh through coldload-run, cold.sh through coldload-series):
# the warm-up class they get, a regex that does not compile, an output
# without a time, and output that is hostile data.

load helpers

P=$BATS_TEST_DIRNAME/progs
RE='time: ([0-9.]+) ms'

setup() {
    [ -x "$B/coldload-run" ] && [ -x "$B/coldload-series" ] || skip "build the binaries first (make)"
    O=$BATS_TEST_TMPDIR/out
}

# threads ARGS...: a small threads run of warmup_calls.sh
threads() {
    run bash "$H/threads.sh" --quick --procs 2 --load pinned --widths 1 --out "$O" \
        --binary "$P/warmup_calls.sh" "$@"
}

@test "threads --series-regex: each run's calls beside its whole-run row, classed warmup from call 9" {
    threads --series-regex "$RE" -- 32
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # every run: one steady row (its wall time) and 32 call rows, 1..32
    [ "$(rows "$O/samples.csv" phase steady | tail -n +2 | wc -l)" -eq 8 ]
    [ "$(rows "$O/samples.csv" phase call | tail -n +2 | wc -l)" -eq $((8 * 32)) ]
    [ "$(rows "$O/samples.csv" phase call | col /dev/stdin iter | sort -n | uniq -c | awk '{print $1}' | sort -u)" = 8 ]
    [ "$(rows "$O/samples.csv" phase call | col /dev/stdin ms | sort -u | head -1)" = 10.000000 ]
    [ "$(col "$O/runs.csv" series_calls | sort -u)" = 32 ]
    grep -qxF "series_regex=$RE" "$O/meta.txt"
    grep -qx 'series_runs=8 of 8 runs gave per-call times (runs.csv series_calls)' "$O/meta.txt"
    # every process of every cell: warmup, steady from call 9
    [ "$(jq '[.groups[].warmup.procs[] | .class] | unique | join(",")' -r "$O/results.json")" = warmup ]
    [ "$(jq '[.groups[].warmup.procs[] | .steady_from] | unique | join(",")' -r "$O/results.json")" = 9 ]
    [ "$(jq '[.groups[].warmup.procs[]] | length' "$O/results.json")" -eq 8 ]
    grep -q '^WARN warmup: warmup_calls.sh 32, width 1, idle: warmup in 2 of 2: steady from call 9' "$O/verdicts.txt"
    # the runs' time is each a whole run: the verdict says the warm-up is in it
    grep -q '^WARN warmup: .*: 2 of 2 runs were not steady by call 2 (the calls their output timed): each run.s time includes its warm-up$' "$O/verdicts.txt"
    [ "$(jq '[.verdicts[] | select(.id == "warmup") | .figures.series] | unique | join(",")' -r "$O/results.json")" = 1 ]
    # the threads answer is still the whole runs': one sample a run
    [ "$(jq '[.groups[] | .figures.runs] | unique | join(",")' -r "$O/results.json")" = 2 ]
}

@test "--series-regex that does not compile, or has no group: one line, exit 2, nothing made" {
    threads --series-regex 'time: ([0-9.]+ ms' -- 32
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == "coldload threads: --series-regex: 'time: ([0-9.]+ ms' is not an extended regular expression: "* ]]
    [ ! -e "$O" ]
    threads --series-regex 'time: [0-9.]+ ms' -- 32
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"has no capture group"* ]]
    [ ! -e "$O" ]
    # cold.sh (make cold BINARY=) the same, before a results directory exists
    run bash "$H/coldreport.sh" --quick --out "$O" --series-regex '(' --binary "$P/warmup_calls.sh"
    [ "$status" -eq 2 ]
    [[ $output == "coldload cold: --series-regex: '(' is not an extended regular expression: "* ]]
    [ ! -e "$O" ]
    # the launcher alone
    run "$B/coldload-run" --series-regex '[' -- true
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
}

@test "--series-regex matching nothing: the runs are measured, a note says so, no call rows" {
    threads --series-regex "$RE" -- none
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"coldload threads: note: --series-regex matched no time in the output of 8 of 8 runs"* ]]
    grep -q '^warning=threads: note: --series-regex matched no time in the output of 8 of 8 runs' "$O/meta.txt"
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
    [ "$(col "$O/runs.csv" series_calls | sort -u)" = 0 ]
    [ "$(rows "$O/samples.csv" phase call | tail -n +2 | wc -l)" -eq 0 ]
    [ "$(jq '[.groups[].warmup.procs[] | .class] | unique | join(",")' -r "$O/results.json")" = unclassified ]
    grep -q 'coldload-run: note: --series-regex matched no time in 2 line(s) of stdout' "$O"/logs/threads-w1-none-p1*.err
}

@test "cold --series-regex: each --binary run's calls as the page's first and steady rows, classed warmup" {
    run bash "$H/coldreport.sh" --quick --out "$O" --series-regex "$RE" --binary "$P/warmup_calls.sh" -- 24
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(col "$O/samples.csv" workload | sort -u)" = warmup_calls.sh ]
    [ "$(rows "$O/samples.csv" phase first | col /dev/stdin ms | sort -u)" = 51.100000 ]
    n=$(rows "$O/samples.csv" phase first | tail -n +2 | wc -l)
    [ "$n" -ge 4 ]
    [ "$(rows "$O/samples.csv" phase steady | tail -n +2 | wc -l)" -eq $((n * 23)) ]
    grep -qx "series_runs=$n of $n runs gave per-call times (the --binary runs' stdout)" "$O/meta.txt"
    grep -q "^WARN warmup: warmup_calls.sh 24, width 1, idle: warmup in $n of $n: steady from call 9" "$O/verdicts.txt"
    grep -q "processes were not steady by call 2, where the steady figures start" "$O/verdicts.txt"
}

@test "coldload-series: the output is data -- never run, its lines and times bounded" {
    out=$BATS_TEST_TMPDIR/o
    {
        printf 'time: $(touch %s/pwned) ms\n' "$BATS_TEST_TMPDIR"
        printf 'time: `touch %s/pwned` ms\n' "$BATS_TEST_TMPDIR"
        head -c 100000 /dev/zero | tr '\0' 7
        printf '\ntime: 3 ms\ntime: -1 ms\ntime: 1e400 ms\n'
    } >"$out"
    run "$B/coldload-series" --regex 'time: (.*) ms' --csv "$BATS_TEST_TMPDIR/s.csv" --workload p <"$out"
    [ "$status" -eq 0 ]
    [ "$output" = 1 ]
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ]
    [ "$(col "$BATS_TEST_TMPDIR/s.csv" phase)" = first ]
    [ "$(col "$BATS_TEST_TMPDIR/s.csv" ms)" = 3.000000 ]
}

@test "coldload-run --series-regex matches every byte of stdout, whatever --keep-output keeps" {
    cd "$BATS_TEST_TMPDIR"
    # unbounded and unhashed: stdout read for the calls, copied whole, nothing said dropped
    run "$B/coldload-run" --keep-output 0 --no-hash --series-regex "$RE" --csv a.csv --workload w \
        -- "$P/warmup_calls.sh" 5
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 7 ]
    [[ $output != *dropped* ]]
    [ "$(rows a.csv phase call | tail -n +2 | wc -l)" -eq 5 ]
    # a log of 64 bytes: the calls are all there all the same
    "$B/coldload-run" --keep-output 64 --series-regex "$RE" --csv b.csv --runs-csv r.csv --workload w \
        -- "$P/warmup_calls.sh" 40 >/dev/null
    [ "$(rows b.csv phase call | tail -n +2 | wc -l)" -eq 40 ]
    [ "$(col r.csv series_calls)" = 40 ]
}
