#!/usr/bin/env bats
# tests/harness/threads.bats -- the threads question for anyone's program
# (harness/threads.sh, coldload-run): cells, the width in the environment and
# in {width}, the default cell, failures, cuts, leftovers, the output check
# (stdout, an empty output, the file of {out} or --check-file), bad programs,
# signals, the report of a threads job, and make threads's variables with
# HARNESS_ARGS.
# (the cases under a long real load: tests/long/threads.bats, make test-long)

load helpers
load threads

@test "make threads BINARY= QUICK=1: width x load cells, one row per run, a default cell, the threads report" {
    # (--slow-stop 0: libgomp's threads spin beside the load, and on a busy
    # machine a run of width 2 may pass 12x its idle time and be stopped as
    # known slow -- an answer, not this case's; tests/report/censored.bats)
    run make -s -C "$ROOT" threads BINARY="$OMP" ARGS=5 QUICK=1 PROCS=2 OUT="$O" \
        EXPORT_HYPERFINE="$BATS_TEST_TMPDIR/hf.json" HARNESS_ARGS="--slow-stop 0"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    cmp "$O/hyperfine.json" "$BATS_TEST_TMPDIR/hf.json" # hyperfine's format, also where asked
    # 3 cells (1, 2, default) x 3 levels (idle, pinned, free) x 2 runs; where
    # the job found no cell the twin of another (its sampler can miss a short
    # run's threads on a busy machine), width 1 also runs again as a cell of
    # its own (copy again, levels.sh's threads_again), said in meta: apart
    local n_again
    n_again=$(col "$O/runs.csv" copy | grep -cx again || true)
    [ "$(($(wc -l <"$O/runs.csv") - 1 - n_again))" -eq 18 ]
    if [ "$n_again" -gt 0 ]; then grep -q '^threads_again=width 1 ' "$O/meta.txt"; fi
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
    [ "$(col "$O/runs.csv" width_requested | sort -u | tr '\n' ' ')" = "1 2 default " ]
    [ "$(paste -d, <(col "$O/runs.csv" copy) <(col "$O/runs.csv" load) | grep -v '^again,' | sort | uniq -c | awk '{print $1}' | sort -u)" = 6 ]
    # every ok run is one steady sample of its program, params = ARGS
    [ "$(col "$O/samples.csv" workload | sort -u)" = omp_work ]
    [ "$(col "$O/samples.csv" params | sort -u)" = 5 ]
    [ "$(col "$O/samples.csv" phase | sort -u)" = steady ]
    [ "$(($(wc -l <"$O/samples.csv") - 1))" -eq "$((18 + n_again))" ]
    [ "$(col "$O/whole.csv" tool | sort -u)" = coldload-run ]
    grep -qx 'job=threads' "$O/meta.txt"
    grep -q '^threads_warmup=one unmeasured idle run per cell' "$O/meta.txt"
    # the report asks this program's question alone
    grep -qxF '## Do threads hurt omp\_work under full load here?' "$O/report.md"
    absent '^## Is the first run slow' "$O/report.md"
    grep -q '^## Which width to use$' "$O/report.md"
    grep -q '^| pinned load (2 workers) | ' "$O/report.md" ||
        grep -q '^| pinned load (1 worker) | ' "$O/report.md"
    # its output does not depend on the width: one hash over every cell
    local cells=9
    [ "$n_again" -eq 0 ] || cells='[0-9]*'
    grep -q "^OK bitwise-same: omp_work 5: stdout hash [0-9a-f]\{16\} in every run of all $cells cells" "$O/verdicts.txt"
    [ -s "$O/report.html" ]
    [ -s "$O/results.json" ]
    # the idle level's own probes (the idle-busy check reads them: the job
    # summarises before its end probe), the machine's busy time and its own
    grep -qE '^threads_idle_start_cpu_busy_ms=[0-9]+$' "$O/meta.txt"
    grep -qE '^threads_idle_end_cpu_busy_ms=[0-9]+$' "$O/meta.txt"
    grep -qE '^threads_idle_own_cpu_ms=[0-9]+$' "$O/meta.txt"
    grep -qE '^threads_own_cpu_ms=[0-9]+$' "$O/meta.txt"
}

@test "make threads: the make variables and HARNESS_ARGS combine, both reach the harness, no value pasted into the recipe (make -n: nothing run)" {
    run make -n -C "$ROOT" threads BINARY=/bin/true OUT=x QUICK=1 WIDTHS=1 LOAD=quota \
        ARGS="a; touch X" HARNESS_ARGS="--series-regex 'a'"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/threads.sh' <<<"$output")
    # each value named, never pasted: mk/run.sh adds HARNESS_ARGS's and ARGS's words
    [[ $line == 'bash mk/run.sh --args bash harness/threads.sh --binary "$COLDLOAD_MAKE_BINARY" '* ]]
    [[ $line == *'--out "$COLDLOAD_MAKE_OUT"'* ]]
    [[ $line == *"--quick"* ]]
    [[ $line == *'--widths "$COLDLOAD_MAKE_WIDTHS"'* ]]
    [[ $line == *'--load "$COLDLOAD_MAKE_LOAD"'* ]]
    [[ $line != *touch* ]]
    [[ $line != *series-regex* ]]
    # the other harness targets the same
    run make -n -C "$ROOT" cold BINARY=/bin/true OUT=x QUICK=1 ARGS="a; touch X" HARNESS_ARGS="--series-regex 'a'"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/coldreport.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh --args bash harness/coldreport.sh --binary "$COLDLOAD_MAKE_BINARY" --out "$COLDLOAD_MAKE_OUT"'*"--quick"* ]]
    [[ $line != *touch* ]]
    run make -n -C "$ROOT" report-run OUT=x QUICK=1 HARNESS_ARGS="--seed 3"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/report.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh bash harness/report.sh --out "$COLDLOAD_MAKE_OUT"'*"--quick"* ]]
    [[ $line != *"--seed"* ]]
}

@test "mk/run.sh: HARNESS_ARGS and ARGS split as the shell splits words, nothing expanded or run; an unmatched quote is exit 2 naming the variable" {
    cd "$BATS_TEST_TMPDIR"
    COLDLOAD_MAKE_HARNESS_ARGS="--series-regex 'time: ([0-9.]+) ms\$' \$1 \"it's\" a\\ b" \
        COLDLOAD_MAKE_ARGS="x; touch pwned \$(touch pwned2) \`touch pwned3\` '' \"q \\\"r\\\"\"" \
        run bash "$ROOT/mk/run.sh" --args printf '[%s]'
    [ "$status" -eq 0 ]
    [ "$output" = "[--series-regex][time: ([0-9.]+) ms\$][\$1][it's][a b][--][x;][touch][pwned][\$(touch][pwned2)][\`touch][pwned3\`][][q \"r\"]" ]
    [ ! -e pwned ]
    [ ! -e pwned2 ]
    [ ! -e pwned3 ]
    # no ARGS: -- alone, as before
    run bash "$ROOT/mk/run.sh" --args printf '[%s]'
    [ "$status" -eq 0 ]
    [ "$output" = "[--]" ]
    COLDLOAD_MAKE_ARGS="prog it's" run bash "$ROOT/mk/run.sh" --args true
    [ "$status" -eq 2 ]
    [ "$output" = "make: ARGS: an unmatched ' (no shell reads ARGS: close it, or escape it with \\)" ]
}

@test "--quota and --slow-stop: the launcher's range and unit, checked before anything is made; --slow-stop 0 (off) taken" {
    # below coldload-run's least quota: refused by the harness as the launcher refuses it
    run bash "$H/threads.sh" --load quota --quota 0.009 --out "$O" --binary /bin/true
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --quota: expected a number of CPUs, >= 0.01 and <= 4096, got '0.009' (see harness/threads.sh --help)" ]
    [ ! -e "$O" ]
    run "$B/coldload-run" --quota 0.009 -- true
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload-run: --quota: expected a number of CPUs, 0.01..4096: 0.009" ]
    # its least is taken by both (the launcher runs it: exit 0, or 1 where no quota can be set)
    run bash "$H/threads.sh" --quota 0.01 --out "$O" --binary "$BATS_TEST_TMPDIR/none"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--binary: "*"no such file"* ]]
    run "$B/coldload-run" --quota 0.01 -- true
    [ "$status" -le 1 ]
    # a factor, not seconds; 0 turns it off, as docs/threads.md says
    run bash "$H/threads.sh" --slow-stop x --out "$O" --binary /bin/true
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --slow-stop: expected a factor, >= 0 and <= 100000, got 'x' (see harness/threads.sh --help)" ]
    run bash "$H/threads.sh" --slow-stop 0 --out "$O" --binary "$BATS_TEST_TMPDIR/none"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--binary: "*"no such file"* ]]
    [ ! -e "$O" ]
}

@test "coldload-run's column table is runs.csv's header, and documented; --whole-csv writes whole.csv's row with the tags in their columns" {
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
    "$R" --list-columns >cols.tsv
    [ "$(head -n1 cols.tsv)" = "$(printf 'name\trole\tunit\tcell\twhat')" ]
    "$R" --runs-csv runs.csv -- true
    [ "$(tail -n +2 cols.tsv | cut -f1 | paste -sd,)" = "$(head -n1 runs.csv)" ]
    # every column is in docs/csv-columns.md's runs.csv table
    for c in $(tail -n +2 cols.tsv | cut -f1); do
        sed -n '/^## runs.csv/,/^## summary.csv/p' "$ROOT/docs/csv-columns.md" | grep -q "\`$c\`" ||
            { echo "undocumented: $c"; false; }
    done
    # a whole.csv row: the tags by name, the status as label, a stopped run never exit 0
    echo 'timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,proc' >whole.csv
    "$R" --whole-csv whole.csv --workload w --params p --width 2 --tag harness=threads --tag condition=loaded \
        --tag stressors=2 --tag copy=inplace --tag load=pinned --tag proc=3 --cap 0.2 --grace 0.1 -- sh -c 'trap "exit 0" TERM; sleep 5 & wait'
    [ "$(tail -n1 whole.csv | cut -d, -f3-13,19-21)" = "threads,loaded,2,inplace,w,p,2,,coldload-run,cut,1,124,pinned,3" ]
    "$R" --whole-csv whole.csv --workload w --width default -- true
    [ "$(tail -n1 whole.csv | cut -d, -f7-12,19)" = "w,,,,coldload-run,ok,0" ]
    # a file of another layout is refused, not mixed
    echo 'a,b' >other.csv
    run "$R" --whole-csv other.csv -- true
    [ "$status" -eq 1 ]
}

@test "harness/lib/all.sh's whole.csv header is the one coldload-run writes (common/csvcols.h's list)" {
    local want
    want=$(sed -n 's/^CL_WHOLE_HEADER=//p' "$ROOT/harness/lib/all.sh")
    [ -n "$want" ]
    cd "$BATS_TEST_TMPDIR"
    run "$B/coldload-run" --no-cgroup --no-perf --whole-csv whole.csv -- true
    [ "$status" -eq 0 ]
    run head -n1 whole.csv
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
}

@test "the file to check given twice, or with --no-check-output: a usage error, exit 2, nothing run" {
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file "$BATS_TEST_TMPDIR/f" -- '{out}' x
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --check-file and {out} in ARGS both name the file to check: give one (see harness/threads.sh --help)" ]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --no-check-output -- '{out}' x
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --no-check-output with {out} in ARGS: the file would not be checked (see harness/threads.sh --help)" ]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file "$BATS_TEST_TMPDIR/f" --no-check-output -- x
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --no-check-output with --check-file: the file would not be checked (see harness/threads.sh --help)" ]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file "$BATS_TEST_TMPDIR" -- x
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == "coldload threads: --check-file: '$BATS_TEST_TMPDIR' is a directory (see harness/threads.sh --help)" ]]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file
    [ "$status" -eq 2 ]
    [ ! -e "$O" ]
}

@test "bad programs: missing, a directory, not executable: one line, exit 2, no results directory, no load" {
    for prog in /nonexistent/prog "$BATS_TEST_TMPDIR" "$P/omp_work.c" no-such-program-anywhere; do
        run bash "$H/threads.sh" --quick --out "$O" --binary "$prog"
        [ "$status" -eq 2 ]
        [[ ${lines[0]} == "coldload threads: --binary: "* ]]
        [ ! -e "$O" ]
    done
    run bash "$H/threads.sh" --quick --out "$O"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--binary PROG is required"* ]]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$OMP" --width-env 'A-B'
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"'A-B' is not a variable name"* ]]
}

@test "coldload-run: status, exit code, cut and leftovers of one run; the full record in runs.csv" {
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
    "$R" --result r --runs-csv runs.csv -- sh -c 'echo hi; exit 4'
    # a header naming the columns, as plans have: the harness reads it by name
    [ "$(head -n1 r)" = "$(printf 'status\texit_code\twall_ms\tuser_ms\tsys_ms\tminflt\tmajflt\tleft\tbound_ms')" ]
    [ "$(wc -l <r)" -eq 2 ]
    [ "$(result_cols r status exit_code)" = "$(printf 'failed\t4')" ]
    "$R" --result r -- sh -c 'kill -SEGV $$'
    [ "$(result_cols r status exit_code)" = "$(printf 'signal\t139')" ]
    "$R" --result r -- /nonexistent/prog 2>/dev/null
    [ "$(result_cols r status exit_code)" = "$(printf 'noexec\t127')" ]
    "$R" --result r --cap 0.2 --grace 0.2 -- sh -c "trap '' TERM; sleep 5"
    [ "$(result_cols r status exit_code bound_ms)" = "$(printf 'cut\t137\t200.000')" ]   # its bound: when it was stopped
    # known slow before the cap: status slow, a censored row at the bound, no checksum
    "$R" --result r --runs-csv slow.csv --csv slows.csv --cap 5 --slow-after 0.3 --grace 0.2 -- sleep 5
    [ "$(result_cols r status bound_ms)" = "$(printf 'slow\t300.000')" ]
    [ "$(col slow.csv censored) $(col slow.csv bound_ms)" = "1 300.000" ]
    [ "$(col slows.csv censored) $(col slows.csv ms) $(col slows.csv checksum)" = "1 300.000000 " ]
    # the cap before the slow limit: cut; a run that ends in time: ok, not censored
    "$R" --result r --cap 0.2 --slow-after 0.5 --grace 0.2 -- sleep 5
    [ "$(result_cols r status bound_ms)" = "$(printf 'cut\t200.000')" ]
    "$R" --result r --runs-csv fast.csv --slow-after 5 -- true
    [ "$(result_cols r status bound_ms)" = "$(printf 'ok\t')" ]
    [ "$(col fast.csv censored) $(col fast.csv bound_ms)" = "0 " ]
    "$R" --result r -- sh -c 'sleep 300.$PPID$$ & exit 0'
    [ "$(result_cols r status left)" = "$(printf 'ok\t1')" ]
    # stdout is hashed (FNV-1a 64) and passed on; runs.csv has the documented columns
    out=$("$R" --result r --runs-csv runs.csv -- printf 'abc')
    [ "$out" = abc ]
    [ "$(tail -n1 runs.csv | awk -F, '{print $8}')" = ok ]
    [ "$(col runs.csv out_hash | tail -n1)" = e71fa2190541574b ]   # FNV-1a 64 of "abc"
    [ "$(col runs.csv out_bytes | tail -n1)" = 3 ]
    head -n1 runs.csv | grep -q '^timestamp,host,run_id,workload,params,width,width_requested,status,exit_code,signal,wall_ms,user_ms,sys_ms,maxrss_kb,minflt,majflt,nvcsw,nivcsw,cpus,ncpus,threads_max,migrations,ctxsw,perf_why,left,out_hash,out_bytes,samples,sampler_ms,out_source,censored,bound_ms,cpu_ms,'   # older columns keep their place
    [ "$(col runs.csv out_source | tail -n1)" = stdout ]
    run "$R" --cap x -- true
    [ "$status" -eq 2 ]
    run "$R"
    [ "$status" -eq 2 ]
}

@test "coldload-run --keep-output: the head and the tail of stdout and of stderr, a line saying what was dropped between; the hash over all of stdout" {
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
    "$R" --runs-csv runs.csv --keep-output 40 -- sh -c 'seq 1 1000; seq 1 1000 >&2' >out 2>err
    [ "$(head -n1 out)" = 1 ]
    [ "$(tail -n1 out)" = 1000 ]
    grep -qx '\[coldload-run: stdout was 3893 bytes; 3853 dropped here, the first 20 and the last 20 kept (--keep-output 40)\]' out
    grep -qx '\[coldload-run: stderr was 3893 bytes; 3853 dropped here, the first 20 and the last 20 kept (--keep-output 40)\]' err
    [ "$(col runs.csv out_hash)" = "$("$R" --runs-csv all.csv --keep-output 0 -- seq 1 1000 >/dev/null && col all.csv out_hash)" ]
    [ "$(col runs.csv out_bytes)" = 3893 ]
    # what fits is copied as it is, with no line; K, M, G are KiB, MiB, GiB
    "$R" --keep-output 8K -- sh -c 'seq 1 1000; seq 1 10 >&2' >out 2>err
    cmp out <(seq 1 1000)
    cmp err <(seq 1 10)
    # --no-hash and --hash-file: stdout is bounded all the same
    "$R" --no-hash --keep-output 40 -- seq 1 1000 >out
    [ "$(wc -c <out)" -lt 200 ]
    "$R" --hash-file f --keep-output 40 -- sh -c 'seq 1 1000; echo x >f' >out
    [ "$(wc -c <out)" -lt 200 ]
    for bad in 3X -1 2G 1.5M ''; do
        run "$R" --keep-output "$bad" -- true
        [ "$status" -eq 2 ]
        [[ ${lines[0]} == "coldload-run: --keep-output: expected bytes 0..1G (a K, M or G suffix)"* ]]
    done
    # a script whose interpreter is missing: said so, not "no such file"
    printf '#!/nonexistent/interpreter\n' >bad.sh
    chmod +x bad.sh
    run "$R" --result r -- ./bad.sh
    [ "$status" -eq 0 ]
    [ "$output" = "coldload-run: ./bad.sh: cannot execute: its interpreter (#!/nonexistent/interpreter) was not found" ]
    [ "$(result_cols r status exit_code)" = "$(printf 'noexec\t127')" ]
}

@test "coldload-run --hash-file: the file's content hashed after the run (not stdout), removed when asked; a missing file has no hash" {
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
    # the program writes "abc" to the file and something else to stdout
    out=$("$R" --runs-csv runs.csv --csv samples.csv --hash-file f -- sh -c 'printf abc >f; echo noise')
    [ "$out" = noise ]   # stdout passes through, unhashed
    [ "$(col runs.csv out_hash | tail -n1)" = e71fa2190541574b ]   # FNV-1a 64 of "abc"
    [ "$(col runs.csv out_bytes | tail -n1)" = 3 ]
    [ "$(col runs.csv out_source | tail -n1)" = file ]
    [ "$(col samples.csv checksum | tail -n1)" = e71fa2190541574b ]
    [ "$(cat f)" = abc ]   # kept without --remove-hash-file
    # a file larger than any buffer: hashed whole, streamed
    head -c 3000000 /dev/zero | tr '\0' x >big
    "$R" --runs-csv runs.csv --hash-file big -- true
    [ "$(col runs.csv out_bytes | tail -n1)" = 3000000 ]
    # --remove-hash-file: hashed, then gone
    "$R" --runs-csv runs.csv --hash-file f --remove-hash-file -- sh -c 'printf abc >f'
    [ "$(col runs.csv out_hash | tail -n1)" = e71fa2190541574b ]
    [ ! -e f ]
    # no file after the run (or not a regular file): no hash, out_source says why, stderr too
    run "$R" --runs-csv runs.csv --csv samples.csv --hash-file f -- true
    [ "$status" -eq 0 ]
    [[ $output == *"--hash-file f: No such file or directory after the run: no hash"* ]]
    [ "$(col runs.csv out_source | tail -n1)" = file-missing ]
    empty_col runs.csv out_hash last
    empty_col samples.csv checksum last
    mkfifo fifo
    run timeout 10 "$R" --runs-csv runs.csv --hash-file fifo -- true
    [ "$status" -eq 0 ]
    [[ $output == *"--hash-file fifo: not a regular file after the run"* ]]
    [ "$(col runs.csv out_source | tail -n1)" = file-missing ]
    # --no-hash: nothing hashed, out_source empty
    "$R" --runs-csv runs.csv --no-hash -- true
    empty_col runs.csv out_source last
    empty_col runs.csv out_hash last
    run "$R" --remove-hash-file -- true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == "coldload-run: --remove-hash-file needs --hash-file PATH" ]]
    run "$R" --hash-file '' -- true
    [ "$status" -eq 2 ]
}

@test "--widths with a width twice (1,1): refused as ab.sh refuses it, exit 2, one line, nothing made" {
    run bash "$H/threads.sh" --widths "1,1" --out "$O" --binary /bin/true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--widths: width 1 is given twice"* ]]
    [ ! -e "$O" ]
}

@test "a program that fails in every run: the report made, then exit 1 with one line saying so" {
    local f=$BATS_TEST_TMPDIR/fails
    printf '#!/bin/sh\necho "cannot do it" >&2\nexit 1\n' >"$f"
    chmod +x "$f"
    # exit 1 (not 126 or 127): it starts, so the runs are taken, each failing
    run bash "$H/threads.sh" --quick --procs 1 --load pinned --widths 1 --remedies off --out "$O" --binary "$f"
    [ "$status" -eq 1 ]
    [ -s "$O/report.md" ]
    [[ ${lines[${#lines[@]} - 1]} == "coldload threads: fails failed in every run (4 of 4; the first: "*"cannot do it): there is no time of it" ]]
}

@test "no cell a twin ({width} in ARGS: no default cell): width 1 run again in the same shuffled rounds, tagged copy=again, the level's A/A floor" {
    threads --binary "$OMP" -- '{width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '^threads_again=width 1 run again from idle round 2 on' "$O/meta.txt"
    # idle round 2 and both pinned rounds: three runs of width 1 again
    [ "$(rows "$O/runs.csv" copy again | tail -n +2 | wc -l)" -eq 3 ]
    [ "$(rows "$O/runs.csv" copy again | col /dev/stdin width_requested | sort -u)" = 1 ]
    [ "$(rows "$O/runs.csv" copy again | col /dev/stdin params | sort -u)" = '{width}' ]
    grep -q '^| 1 again | pinned load' "$O/report.md"
    grep -q '^| pinned load ([12] workers\?) | .* | [0-9.>= ]*x (width 1 run again) | ' "$O/report.md"
}
