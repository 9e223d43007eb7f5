#!/usr/bin/env bats
# tests/harness/threads.bats -- the threads question for anyone's program
# (harness/threads.sh, coldload-run): cells, the width in the environment and
# in {width}, the default cell, failures, cuts, leftovers, the output check
# (stdout, an empty output, the file of {out} or --check-file), bad programs,
# signals, and the report of a threads job.

load helpers

P=$BATS_TEST_DIRNAME/progs

setup_file() { omp_setup_file; }
setup() { omp_setup; }

# absent [GREP_ARGS...] PATTERN FILE: grep finds nothing (a bare `! grep` cannot fail a test)
absent() {
    if grep -q "$@"; then echo "found: $*"; return 1; fi
}

# threads ARGS...: a small run, the way the tests want it fast
threads() {
    run bash "$H/threads.sh" --quick --procs 2 --load pinned --widths "1 2" --remedies off --out "$O" "$@"
}

@test "make threads BINARY= QUICK=1: width x load cells, one row per run, a default cell, the threads report" {
    run make -s -C "$ROOT" threads BINARY="$OMP" ARGS=5 QUICK=1 PROCS=2 OUT="$O" \
        EXPORT_HYPERFINE="$BATS_TEST_TMPDIR/hf.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    cmp "$O/hyperfine.json" "$BATS_TEST_TMPDIR/hf.json" # hyperfine's format, also where asked
    # 3 cells (1, 2, default) x 3 levels (idle, pinned, free) x 2 runs
    [ "$(($(wc -l <"$O/runs.csv") - 1))" -eq 18 ]
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
    [ "$(col "$O/runs.csv" width_requested | sort -u | tr '\n' ' ')" = "1 2 default " ]
    [ "$(col "$O/runs.csv" load | sort | uniq -c | awk '{print $1}' | sort -u)" = 6 ]
    # every ok run is one steady sample of its program, params = ARGS
    [ "$(col "$O/samples.csv" workload | sort -u)" = omp_work ]
    [ "$(col "$O/samples.csv" params | sort -u)" = 5 ]
    [ "$(col "$O/samples.csv" phase | sort -u)" = steady ]
    [ "$(($(wc -l <"$O/samples.csv") - 1))" -eq 18 ]
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
    grep -q '^OK bitwise-same: omp_work 5: stdout hash [0-9a-f]\{16\} in every run of all 9 cells' "$O/verdicts.txt"
    [ -s "$O/report.html" ] && [ -s "$O/results.json" ]
}

@test "the width reaches the program in every variable and for {width}; the default cell sets none" {
    threads --binary "$P/by_width.sh" --load free -- plain
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'OMP_NUM_THREADS=2 RAYON_NUM_THREADS=2 GOMAXPROCS=2 EXTRA=unset args=plain' "$O"/logs/threads-w2-none-p1.out
    grep -qx 'OMP_NUM_THREADS=1 RAYON_NUM_THREADS=1 GOMAXPROCS=1 EXTRA=unset args=plain' "$O"/logs/threads-w1-free-p2.out
    grep -qx 'OMP_NUM_THREADS=unset RAYON_NUM_THREADS=unset GOMAXPROCS=unset EXTRA=unset args=plain' "$O"/logs/threads-wdefault-none-p1.out
    # an output that depends on the width is an error naming the cells
    grep -q '^ERROR output-differs: by_width.sh plain: 3 different stdout hashes over its cells' "$O/verdicts.txt"
    grep -q 'by_width.sh plain, width default, idle' "$O/verdicts.txt"
    absent '^OK bitwise-same' "$O/verdicts.txt"
    # {width} in ARGS: replaced per cell, so there is no default cell
    O=$BATS_TEST_TMPDIR/out2
    threads --binary "$P/by_width.sh" --load free --width-env-only "GOMAXPROCS COLDLOAD_TEST_EXTRA" -- 'w={width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qx 'OMP_NUM_THREADS=unset RAYON_NUM_THREADS=unset GOMAXPROCS=2 EXTRA=2 args=w=2' "$O"/logs/threads-w2-free-p1.out
    [ "$(col "$O/runs.csv" width_requested | sort -u | tr '\n' ' ')" = "1 2 " ]
    [ "$(col "$O/runs.csv" params | sort -u)" = 'w={width}' ]
    grep -q '^threads_default_cell=none: ARGS hold {width}' "$O/meta.txt"
    grep -qx 'threads_width_env=GOMAXPROCS COLDLOAD_TEST_EXTRA' "$O/meta.txt"
}

@test "a program that fails at width 2: its runs kept with their status, out of the timing, counted; the report is made" {
    threads --binary "$P/fails_at_2.sh"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(rows "$O/runs.csv" width_requested 2 | col /dev/stdin status | sort -u)" = failed ]
    [ "$(rows "$O/runs.csv" width_requested 2 | col /dev/stdin exit_code | sort -u)" = 3 ]
    [ "$(rows "$O/runs.csv" width_requested 1 | col /dev/stdin status | sort -u)" = ok ]
    # no time of a failed run: no width-2 sample; whole.csv keeps the status
    [ -z "$(rows "$O/samples.csv" width 2 | tail -n +2)" ]
    [ "$(rows "$O/whole.csv" width 2 | col /dev/stdin label | sort -u)" = failed ]
    grep -q 'Every run (2) failed at width 2 idle: that cell has no time\.' "$O/report.md"
    grep -q 'Every run (2) failed at width 2 under pinned load' "$O/report.md"
    grep -q '^threads_failed=width 2, load pinned: 2 of 2 runs failed$' "$O/meta.txt"
    grep -qx 'threads_runs_failed=4' "$O/meta.txt"
    # why, in the program's words: the first failure's stderr line
    grep -q '^threads_first_failure=threads-w2-none-p[12] (failed, exit 3; logs/threads-w2-none-p[12].err): width 2 is not supported$' "$O/meta.txt"
    grep -q 'The first failed run: threads-w2-none-p[12] (failed, exit 3; logs/threads-w2-none-p[12]\.err): width 2 is not supported\.' "$O/report.md"
}

@test "a program that cannot start (a missing library, a missing interpreter): one line quoting its stderr, exit 1, before any load" {
    cd "$BATS_TEST_TMPDIR"
    echo 'int gone(void) { return 0; }' >gone.c
    gcc -shared -fPIC gone.c -o libcoldloadgone.so
    echo 'int gone(void); int main(void) { return gone(); }' >prog.c
    gcc prog.c -L. -lcoldloadgone -o needs_gone
    rm libcoldloadgone.so
    start=$SECONDS
    threads --binary "$BATS_TEST_TMPDIR/needs_gone"
    echo "$output"
    [ "$status" -eq 1 ]
    [ $((SECONDS - start)) -lt 15 ]
    [ "$(grep -c 'cannot start here' <<<"$output")" -eq 1 ]
    [[ $output == *"coldload threads: needs_gone cannot start here: $BATS_TEST_TMPDIR/needs_gone: error while loading shared libraries: libcoldloadgone.so: cannot open shared object file: No such file or directory (its warm-up run at width 1: failed, exit 127; $O/logs/threads-w1-warmup.err). Make $BATS_TEST_TMPDIR/needs_gone run on this machine -- install the library it names"* ]]
    [ ! -e "$O/stress-ng.pgid" ]   # no load was started
    [ ! -e "$O/runs.csv" ]         # nothing measured
    grep -q '^threads_error=needs_gone cannot start here: ' "$O/meta.txt"
    grep -qx 'threads_exit_status=1' "$O/meta.txt"
    # a script whose interpreter is missing
    O=$BATS_TEST_TMPDIR/out2
    printf '#!/nonexistent/interpreter\n' >bad.sh
    chmod +x bad.sh
    threads --binary "$BATS_TEST_TMPDIR/bad.sh"
    [ "$status" -eq 1 ]
    [[ $output == *"coldload threads: bad.sh cannot start here: coldload-run: $BATS_TEST_TMPDIR/bad.sh: cannot execute: its interpreter (#!/nonexistent/interpreter) was not found (its warm-up run at width 1: noexec, exit 127; "* ]]
    [ ! -e "$O/stress-ng.pgid" ]
}

@test "a program that leaves a daemon: each run's leftovers are killed after it, and meta says so" {
    marker=300.$$$RANDOM
    threads --binary "$P/daemon.sh" --widths 1 -- "$marker"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]   # none left
    # 2 cells (1, default): 2 warm-ups + 2 x 2 levels x 2 runs, one sleep each
    grep -qx 'threads_left_processes=10' "$O/meta.txt"
    grep -q '^warning=threads: the program left 10 process(es) behind' "$O/meta.txt"
    [ "$(col "$O/runs.csv" left | sort -u)" = 1 ]
}

@test "a program that ignores SIGTERM is cut at --budget, KILLed after --grace: at least --budget long, never a failure" {
    marker=30.$$$RANDOM
    start=$SECONDS
    threads --binary "$P/ignores_term.sh" --widths 1 --procs 1 --budget 0.5 --grace 0.3 -- "$marker"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # 2 warm-ups + 2 cells x 2 levels, each ~0.8 s: far below the program's 30 s
    [ $((SECONDS - start)) -lt 25 ]
    [ "$(col "$O/runs.csv" status | sort -u)" = cut ]
    [ "$(col "$O/runs.csv" exit_code | sort -u)" = 137 ]
    [ "$(col "$O/whole.csv" label | sort -u)" = cut ]
    # each a lower bound at the cap: a censored sample at 500 ms, no checksum
    [ "$(col "$O/samples.csv" censored | sort -u)" = 1 ]
    [ "$(col "$O/samples.csv" ms | sort -u)" = 500.000000 ]
    [ -z "$(col "$O/samples.csv" checksum | sort -u)" ]
    [ "$(col "$O/runs.csv" bound_ms | sort -u)" = 500.000 ]
    grep -q '1 of 1 runs at width 1 idle were stopped before they ended (at the cap), the first at 500.0 ms' "$O/report.md"
    grep -q '^threads_stopped=width 1, load pinned: cut at 500.000 ms$' "$O/meta.txt"
    grep -qx 'threads_runs_failed=0' "$O/meta.txt"
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]
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

@test "xz -T{width} on generated data: a program nobody here wrote; its output depends on -T, and says so" {
    command -v xz >/dev/null || skip "xz"
    head -c 400000 /dev/urandom | base64 >"$BATS_TEST_TMPDIR/data"
    threads --binary xz -- "-T{width}" -c "$BATS_TEST_TMPDIR/data"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
    # a bare name is looked up on PATH
    grep -qx "threads_binary=$(type -P xz)" "$O/meta.txt"
    # xz -T1 writes a single-threaded stream, -T2 a multi-threaded one
    grep -q '^ERROR output-differs: xz -T{width} -c ' "$O/verdicts.txt"
    # --no-check-output: nothing compared, and the report says it was off
    O=$BATS_TEST_TMPDIR/out2
    threads --binary xz --no-check-output -- "-T{width}" -c "$BATS_TEST_TMPDIR/data"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    absent 'output-differs\|bitwise-same' "$O/verdicts.txt"
    grep -q 'Its output was not checked (--no-check-output)\.' "$O/report.md"
    grep -qx 'threads_check_what=none' "$O/meta.txt"
    [ -z "$(col "$O/samples.csv" checksum | sort -u)" ]
}

@test "a program that prints nothing: NOTE output-unchecked, not a bitwise-same on the empty output's hash" {
    # {width} in ARGS: no default cell, and the sentence names none
    threads --binary "$P/silent.sh" -- 'w={width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(col "$O/runs.csv" out_hash | sort -u)" = cbf29ce484222325 ]   # FNV-1a 64 of nothing
    [ "$(col "$O/runs.csv" out_source | sort -u)" = stdout ]
    grep -q '^NOTE output-unchecked: silent.sh w={width}: not checked: the program printed nothing, in every run of all 4 cells (each width, idle and loaded)' "$O/verdicts.txt"
    absent 'bitwise-same\|output-differs' "$O/verdicts.txt"
    absent 'the default' "$O/verdicts.txt"
    grep -qx 'threads_check_what=stdout' "$O/meta.txt"
    grep -q 'Its output (stdout) was empty in every run: nothing to compare, so not checked\.' "$O/report.md"
}

@test "{out} in ARGS: each run writes a fresh file, hashed (not stdout) and removed; the same content is bitwise-same, a width-dependent one differs" {
    export WRITES_LOG=$BATS_TEST_TMPDIR/paths
    threads --binary "$P/writes.sh" -- '{out}' same
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the file's FNV-1a 64 ("same\n"), not stdout's (which says "wrote PATH", a path per run)
    [ "$(col "$O/runs.csv" out_hash | sort -u)" = b090350d885fa6a3 ]
    [ "$(col "$O/runs.csv" out_bytes | sort -u)" = 5 ]
    [ "$(col "$O/runs.csv" out_source | sort -u)" = file ]
    [ "$(col "$O/samples.csv" checksum | sort -u)" = b090350d885fa6a3 ]
    grep -q '^OK bitwise-same: writes.sh {out} same: hash b090350d885fa6a3 of the file written to {out} in every run of all 6 cells (each width and the default, idle and loaded): its output does not change' "$O/verdicts.txt"
    # stdout went to the logs, unhashed
    grep -q "^wrote $O/.tmp" "$O/logs/threads-w1-none-p1.out"
    # a path of its own per run (3 cells x 2 levels x 2 runs + 3 warm-ups), each gone before the next run
    [ "$(sort -u "$WRITES_LOG" | wc -l)" -eq 15 ]
    absent -r 'there before the run\|left by an earlier run' "$O/logs"
    while read -r p; do [ ! -e "$p" ]; done <"$WRITES_LOG"
    grep -qx 'threads_check_what={out}' "$O/meta.txt"
    grep -q 'The file it wrote to {out} (a fresh path in every run) was the same in every run' "$O/report.md"
    # its content depends on the width: an error, naming the file's hashes
    O=$BATS_TEST_TMPDIR/out2
    threads --binary "$P/writes.sh" -- '{out}' 'w={width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q '^ERROR output-differs: writes.sh {out} w={width}: 2 different hashes of the file written to {out} over its cells' "$O/verdicts.txt"
    absent '^OK bitwise-same' "$O/verdicts.txt"
}

@test "--check-file PATH: removed before each run, so a stale file is never hashed; hashed after it; a file no run left is not checked" {
    cf=$BATS_TEST_TMPDIR/result.txt
    echo stale >"$cf"
    export WRITES_LOG=$BATS_TEST_TMPDIR/paths
    threads --binary "$P/writes.sh" --check-file "$cf" -- "$cf" same
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # not there when any run started, the first warm-up included
    absent -r 'there before the run\|left by an earlier run' "$O/logs"
    [ "$(wc -l <"$WRITES_LOG")" -eq 15 ]
    [ "$(col "$O/runs.csv" out_hash | sort -u)" = b090350d885fa6a3 ]
    [ "$(col "$O/runs.csv" out_source | sort -u)" = file ]
    grep -q "^OK bitwise-same: writes.sh $cf same: hash b090350d885fa6a3 of $cf in every run of all 6 cells" "$O/verdicts.txt"
    grep -qx "threads_check_what=$cf" "$O/meta.txt"
    [ "$(cat "$cf")" = same ]   # the last run's, kept
    # a path no run writes: no hash, and not checked
    O=$BATS_TEST_TMPDIR/out2
    threads --binary "$P/silent.sh" --widths 1 --check-file "$BATS_TEST_TMPDIR/never"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(col "$O/runs.csv" out_source | sort -u)" = file-missing ]
    [ -z "$(col "$O/runs.csv" out_hash | sort -u)" ]
    grep -q "^NOTE output-unchecked: silent.sh: not checked: no run left a file at $BATS_TEST_TMPDIR/never, in any of the 8 runs of all 4 cells (each width and the default, idle and loaded): there is nothing to compare" "$O/verdicts.txt"
    absent 'bitwise-same\|output-differs' "$O/verdicts.txt"
    grep -q "No run left a file at $BATS_TEST_TMPDIR/never: its output was not checked\." "$O/report.md"
}

@test "a newline in ARGS and in the program's path: one line per verdict, meta's threads_binary that path escaped, runs.csv one row per run" {
    d=$BATS_TEST_TMPDIR/$'a\nb'
    mkdir -p "$d"
    printf '#!/bin/sh\necho same\n' >"$d/prog"
    chmod +x "$d/prog"
    threads --binary "$d/prog" -- $'x\ny' '{width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    awk '!/^(#|(OK|NOTE|WARN|ERROR) [a-z-]+: )/ { print "not a verdict line: " $0; bad = 1 } END { exit bad }' "$O/verdicts.txt"
    grep -q '^OK bitwise-same: prog x\\ny {width}: stdout hash [0-9a-f]\{16\} in every run of all 4 cells (each width, idle and loaded)' "$O/verdicts.txt"
    grep -qxF "threads_binary=$BATS_TEST_TMPDIR/a\\nb/prog" "$O/meta.txt"
    grep -qxF 'threads_args=x\ny {width}' "$O/meta.txt"
    [ "$(col "$O/runs.csv" params | sort -u)" = 'x\ny {width}' ]
    every_row_complete "$O/runs.csv"
    every_row_complete "$O/samples.csv"
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
}

@test "the file to check given twice, or with --no-check-output: a usage error, exit 2, nothing run" {
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file "$BATS_TEST_TMPDIR/f" -- '{out}' x
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --check-file and {out} in ARGS both name the file to check: give one" ]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --no-check-output -- '{out}' x
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --no-check-output with {out} in ARGS: the file would not be checked" ]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file "$BATS_TEST_TMPDIR/f" --no-check-output -- x
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "coldload threads: --no-check-output with --check-file: the file would not be checked" ]
    run bash "$H/threads.sh" --quick --out "$O" --binary "$P/writes.sh" --check-file "$BATS_TEST_TMPDIR" -- x
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == "coldload threads: --check-file: '$BATS_TEST_TMPDIR' is a directory" ]]
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

@test "threads.sh interrupted by TERM: exit 143, the rows taken whole, no load generator and no program left" {
    marker=30.$$$RANDOM
    # each run is cut at 1 s: the warm-ups and the idle runs take ~9 s, then the load starts
    bash "$H/threads.sh" --procs 3 --load pinned --widths 1 --out "$O" --binary "$P/ignores_term.sh" \
        --budget 1 --grace 0.2 -- "$marker" 2>"$BATS_TEST_TMPDIR/err" &
    pid=$!
    wait_for test -s "$O/stress-ng.pgid"
    pgid=$(cat "$O/stress-ng.pgid")
    wait_for pgrep -f "sleep $marker"
    kill -TERM "$pid"
    rc=0
    wait "$pid" || rc=$?
    [ "$rc" -eq 143 ]
    no_live_in_group "$pgid"
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]
    every_row_complete "$O/runs.csv"
    grep -qx 'threads_interrupted_by=SIGTERM' "$O/meta.txt"
}

@test "a program that prints 500 MB in one line: each run within its cap plus seconds, each log at most --keep-output, the hash over all of it" {
    start=$SECONDS
    # {width} in ARGS: no default cell; a warm-up, an idle and a pinned run, each ~2 s
    run timeout -k 5 120 bash "$H/threads.sh" --quick --procs 1 --load pinned --widths 1 --out "$O" \
        --binary "$P/one_line.sh" -- 524288000 10000000 '{width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ $((SECONDS - start)) -le 60 ]
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
    # the hash covers the whole stream: FNV-1a 64 of 524288000 x's
    [ "$(col "$O/runs.csv" out_bytes | sort -u)" = 524288000 ]
    [ "$(col "$O/runs.csv" out_hash | sort -u)" = 9ed3e78bc5222325 ]
    col "$O/runs.csv" wall_ms | awk '$1 > 15000 { print "a run took " $1 " ms"; bad = 1 } END { exit bad }'
    # every log at most the bound (2 MiB) and the line saying what was dropped
    for f in "$O"/logs/threads-*; do
        [ "$(stat -c %s "$f")" -le $((2097152 + 200)) ] || { ls -l "$f"; false; }
    done
    grep -qx '\[coldload-run: stdout was 524288000 bytes; 522190848 dropped here, the first 1048576 and the last 1048576 kept (--keep-output 2097152)\]' \
        "$O/logs/threads-w1-warmup.out"
    grep -qx '\[coldload-run: stderr was 10000000 bytes; 7902848 dropped here, the first 1048576 and the last 1048576 kept (--keep-output 2097152)\]' \
        "$O/logs/threads-w1-pinned-p1.err"
    grep -qx 'threads_keep_output=2097152' "$O/meta.txt"
    [ "$(du -sk "$O" | cut -f1)" -lt 20000 ]
    grep -q '^OK bitwise-same: one_line.sh 524288000 10000000 {width}: stdout hash 9ed3e78bc5222325' "$O/verdicts.txt"
}

@test "TERM while a program prints 500 MB in one line: threads.sh exits within 1 s, nothing of it left" {
    env --default-signal=INT,TERM,HUP bash "$H/threads.sh" --quick --procs 3 --load pinned --widths 1 --out "$O" \
        --binary "$P/one_line.sh" -- 524288000 0 '{width}' 2>"$BATS_TEST_TMPDIR/err" &
    pid=$!
    # a measured run has started (the progress line after the warm-up's) -- or,
    # where the harness reads a log whole, that read has begun
    wait_for bash -c 'grep -q "\[3/" "$1" || [ "$(stat -c %s "$2" 2>/dev/null || echo 0)" -ge 524288000 ]' _ \
        "$BATS_TEST_TMPDIR/err" "$O/logs/threads-w1-warmup.out"
    sleep 0.3
    t0=${EPOCHREALTIME/[.,]/}
    kill -TERM "$pid"
    rc=0
    wait "$pid" || rc=$?
    t1=${EPOCHREALTIME/[.,]/}
    echo "exit $rc after $(((t1 - t0) / 1000)) ms"
    [ "$rc" -eq 143 ]
    [ $(((t1 - t0) / 1000)) -le 1000 ]
    run pgrep -f "$P/one_line.sh"
    [ "$status" -eq 1 ]
    grep -qx 'threads_interrupted_by=SIGTERM' "$O/meta.txt"
}

@test "coldload-run: status, exit code, cut and leftovers of one run; the full record in runs.csv" {
    R=$B/coldload-run
    cd "$BATS_TEST_TMPDIR"
    "$R" --result r --runs-csv runs.csv -- sh -c 'echo hi; exit 4'
    [ "$(cut -f1,2 r)" = "$(printf 'failed\t4')" ]
    "$R" --result r -- sh -c 'kill -SEGV $$'
    [ "$(cut -f1,2 r)" = "$(printf 'signal\t139')" ]
    "$R" --result r -- /nonexistent/prog 2>/dev/null
    [ "$(cut -f1,2 r)" = "$(printf 'noexec\t127')" ]
    "$R" --result r --cap 0.2 --grace 0.2 -- sh -c "trap '' TERM; sleep 5"
    [ "$(cut -f1,2,9 r)" = "$(printf 'cut\t137\t200.000')" ]   # its bound: when it was stopped
    # known slow before the cap: status slow, a censored row at the bound, no checksum
    "$R" --result r --runs-csv slow.csv --csv slows.csv --cap 5 --slow-after 0.3 --grace 0.2 -- sleep 5
    [ "$(cut -f1,9 r)" = "$(printf 'slow\t300.000')" ]
    [ "$(col slow.csv censored) $(col slow.csv bound_ms)" = "1 300.000" ]
    [ "$(col slows.csv censored) $(col slows.csv ms) $(col slows.csv checksum)" = "1 300.000000 " ]
    # the cap before the slow limit: cut; a run that ends in time: ok, not censored
    "$R" --result r --cap 0.2 --slow-after 0.5 --grace 0.2 -- sleep 5
    [ "$(cut -f1,9 r)" = "$(printf 'cut\t200.000')" ]
    "$R" --result r --runs-csv fast.csv --slow-after 5 -- true
    [ "$(cut -f1,9 r)" = "$(printf 'ok\t')" ]
    [ "$(col fast.csv censored) $(col fast.csv bound_ms)" = "0 " ]
    "$R" --result r -- sh -c 'sleep 300.$PPID$$ & exit 0'
    [ "$(cut -f1,8 r)" = "$(printf 'ok\t1')" ]
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
    [ "$(head -n1 out)" = 1 ] && [ "$(tail -n1 out)" = 1000 ]
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
    [ "$(cut -f1,2 r)" = "$(printf 'noexec\t127')" ]
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
    [ -z "$(col runs.csv out_hash | tail -n1)" ]
    [ -z "$(col samples.csv checksum | tail -n1)" ]
    mkfifo fifo
    run timeout 10 "$R" --runs-csv runs.csv --hash-file fifo -- true
    [ "$status" -eq 0 ]
    [[ $output == *"--hash-file fifo: not a regular file after the run"* ]]
    [ "$(col runs.csv out_source | tail -n1)" = file-missing ]
    # --no-hash: nothing hashed, out_source empty
    "$R" --runs-csv runs.csv --no-hash -- true
    [ -z "$(col runs.csv out_source | tail -n1)" ]
    [ -z "$(col runs.csv out_hash | tail -n1)" ]
    run "$R" --remove-hash-file -- true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == "coldload-run: --remove-hash-file needs --hash-file PATH" ]]
    run "$R" --hash-file '' -- true
    [ "$status" -eq 2 ]
}
