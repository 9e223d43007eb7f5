#!/usr/bin/env bats
# tests/long/threads.bats -- the threads question under a real load, the
# cases that take seconds each: coldload's own svdvals (width-2 runs of
# seconds under pinned load), the width in every variable, failing, hanging,
# daemon-leaving and silent programs, the output check ({out}, --check-file,
# xz), a newline in ARGS, TERM, 500 MB on one line, the idle level's extra
# rounds while its best width is open. The rest of
# harness/threads.sh: tests/harness/threads.bats.

load ../harness/helpers
load ../harness/threads

@test "coldload's own svdvals under pinned load: width 2 stopped once known slow, the answer yes on the bound; width 1 never stopped" {
    # width 2's calls take ~2 s under one pinned worker per CPU against ~5 ms
    # idle: each loaded width-2 run is stopped at 12 x its idle median
    threads --binary "$B/p28_timing" --procs 3 --load pinned --budget 30 -- --workload svdvals --runs 40
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(rows "$O/runs.csv" width_requested 2 | rows /dev/stdin load pinned | col /dev/stdin status | sort -u)" = slow ]
    [ "$(rows "$O/runs.csv" width_requested 1 | col /dev/stdin status | sort -u)" = ok ]
    # the bound is 12 x the idle median of width 2, well below the 30 s cap
    med=$(rows "$O/runs.csv" width_requested 2 | rows /dev/stdin load none | col /dev/stdin wall_ms | sort -g | sed -n 2p)
    bound=$(rows "$O/runs.csv" width_requested 2 | rows /dev/stdin load pinned | col /dev/stdin bound_ms | sort -u)
    awk -v m="$med" -v b="$bound" 'BEGIN { exit !(b > 11.9 * m && b < 12.1 * m && b < 30000) }'
    grep -q "^threads_slow_after=width 2: " "$O/meta.txt"
    lead=$(sed -n '/^## Do threads hurt/{n;n;p;q}' "$O/report.md")
    echo "$lead"
    [[ $lead == "**Yes: under pinned load ("*") width 2 never finished within "*" -- at least 12x its idle median -- in 3 of 3 runs; width 1 took "* ]]
}

@test "the idle level, its best width still open after --max-procs rounds of a quick program: more rounds, up to 3x; QUICK and --procs K take what they say" {
    # silent.sh is one configuration at every width (no runtime, no
    # {width}: answerthreads.h), so the idle level is decided once every
    # cell has 3 runs -- before that rule it stayed open (3 against 3 runs
    # decide nothing); either way within 3x --max-procs, its runs
    # milliseconds
    run bash "$H/threads.sh" --max-procs 4 --load quota --widths "1 2" --remedies off --out "$O" --binary "$P/silent.sh"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    procs=$(rows "$O/stops.csv" load none | col /dev/stdin procs)
    how=$(rows "$O/stops.csv" load none | col /dev/stdin how)
    echo "idle rounds: $procs ($how)"
    [ "$procs" -le 12 ]
    [ "$how" = decided ] || [ "$procs" -gt 4 ]
    [ "$(($(rows "$O/runs.csv" load none | wc -l) - 1))" -eq $((3 * procs)) ]
    O=$BATS_TEST_TMPDIR/quick
    run bash "$H/threads.sh" --quick --load quota --widths "1 2" --remedies off --out "$O" --binary "$P/silent.sh"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(rows "$O/stops.csv" load none | col /dev/stdin procs)" = 3 ]
    O=$BATS_TEST_TMPDIR/fixed
    run bash "$H/threads.sh" --procs 3 --load quota --widths "1 2" --remedies off --out "$O" --binary "$P/silent.sh"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(rows "$O/stops.csv" load none | col /dev/stdin procs),$(rows "$O/stops.csv" load none | col /dev/stdin how)" = 3,fixed ]
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
    empty_col "$O/samples.csv" checksum
    [ "$(col "$O/runs.csv" bound_ms | sort -u)" = 500.000 ]
    grep -q '1 of 1 runs at width 1 idle were stopped before they ended (at the cap), the first at 500.0 ms' "$O/report.md"
    grep -q '^threads_stopped=width 1, load pinned: cut at 500.000 ms$' "$O/meta.txt"
    grep -qx 'threads_runs_failed=0' "$O/meta.txt"
    run pgrep -f "sleep $marker"
    [ "$status" -eq 1 ]
}

@test "xz -T{width} on generated data: a program nobody here wrote; its output depends on -T, and says so" {
    command -v xz >/dev/null || skip "xz is not installed (apt-get install xz-utils)"
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
    empty_col "$O/samples.csv" checksum
}

@test "a program that prints nothing: NOTE output-unchecked, not a bitwise-same on the empty output's hash" {
    # {width} in ARGS: no default cell, and the sentence names none; no
    # twin either, so width 1 is run again (its A/A control): 3 cells a level
    threads --binary "$P/silent.sh" -- 'w={width}'
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(col "$O/runs.csv" out_hash | sort -u)" = cbf29ce484222325 ]   # FNV-1a 64 of nothing
    [ "$(col "$O/runs.csv" out_source | sort -u)" = stdout ]
    grep -q '^NOTE output-unchecked: silent.sh w={width}: not checked: the program printed nothing, in every run of all 6 cells (each width, idle and loaded)' "$O/verdicts.txt"
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
    empty_col "$O/runs.csv" out_hash
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
    grep -q '^OK bitwise-same: prog x\\ny {width}: stdout hash [0-9a-f]\{16\} in every run of all 6 cells (each width, idle and loaded)' "$O/verdicts.txt"
    grep -qxF "threads_binary=$BATS_TEST_TMPDIR/a\\nb/prog" "$O/meta.txt"
    grep -qxF 'threads_args=x\ny {width}' "$O/meta.txt"
    [ "$(col "$O/runs.csv" params | sort -u)" = 'x\ny {width}' ]
    every_row_complete "$O/runs.csv"
    every_row_complete "$O/samples.csv"
    [ "$(col "$O/runs.csv" status | sort -u)" = ok ]
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
