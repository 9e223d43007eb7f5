#!/usr/bin/env bats
# tests/harness/series.bats -- --series-regex RE: the per-call times a
# program prints, picked out of its stdout, as its processes' in-process
# series (threads.sh through coldload-run, cold.sh through coldload-series):
# the warm-up class they get, a regex that does not compile, an output
# without a time, and output that is hostile data.
# (the cases under a long real load: tests/long/series.bats, make test-long)

load helpers
load series

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

@test "--series-regex with a back-reference: one line, exit 2, before anything is made or read" {
    threads --series-regex '^(a*)\1*$' -- 32
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [ "${lines[0]}" = "coldload threads: --series-regex: '^(a*)\1*\$' has a back-reference (\1): refused, its match can take time exponential in the line; a time needs none" ]
    [ ! -e "$O" ]
    run bash "$H/coldreport.sh" --quick --out "$O" --series-regex 't=([0-9]+) \1' --binary "$P/warmup_calls.sh"
    [ "$status" -eq 2 ]
    [[ $output == "coldload cold: --series-regex: 't=([0-9]+) \1' has a back-reference (\1): refused"* ]]
    [ ! -e "$O" ]
    # the tools: refused before any output is read (30 a's took 19 s to match)
    run "$B/coldload-run" --series-regex '^(a*)\1*$' -- true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"has a back-reference (\1): refused"* ]]
    # (its input a FIFO that never ends: a line read before the refusal
    # would wait for ever, and timeout's 124 would tell it)
    mkfifo "$BATS_TEST_TMPDIR/never"
    exec {w}<>"$BATS_TEST_TMPDIR/never"
    run timeout 60 "$B/coldload-series" --regex '^(a*)\1*$' <"$BATS_TEST_TMPDIR/never"
    exec {w}>&-
    [ "$status" -eq 2 ]
    [ "$output" = "coldload-series: --regex: '^(a*)\1*\$' has a back-reference (\1): refused, its match can take time exponential in the line; a time needs none" ]
    # a backslash in a bracket expression is no back-reference
    run "$B/coldload-series" --regex '[\1]([0-9]+)' --check
    [ "$status" -eq 0 ]
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
