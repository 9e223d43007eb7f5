#!/usr/bin/env bats
# tests/harness/lib_pure.bats -- the shell functions of harness/lib/*.sh that
# compute without running anything: CSV quoting, integer and number checks,
# unique names, decimal comparison, seconds to ms, CPU lists, the shuffle,
# and the workload cells built from the binaries' --describe tables.
bats_require_minimum_version 1.5.0
load helpers

setup() {
    # shellcheck source=harness/lib/all.sh
    . "$H/lib/all.sh"
    CL_NAME="test"
}

@test "cl_csv_line: each field one line (control characters escaped), quoted when it holds a comma or a quote" {
    [ "$(cl_csv_line a b c)" = 'a,b,c' ]
    [ "$(cl_csv_line 'x,y' 'say "hi"' plain '')" = '"x,y","say ""hi""",plain,' ]
    [ "$(cl_csv_line $'two\nlines' $'cr\rx')" = 'two\nlines,cr\rx' ]
    [ "$(cl_csv_line 'betas=0.3,0.4;chi=16')" = '"betas=0.3,0.4;chi=16"' ]
}

@test "cl_escape: control characters as \\n \\r \\t \\xHH, the rest as it is; twice is once; MAX bytes taken" {
    for pair in 'plain|plain' $'a\nb|a\\nb' $'a\r\nb\tc|a\\r\\nb\\tc' $'\e[31m|\\x1b[31m' $'d\x7f\x01|d\\x7f\\x01' \
        'back\slash \n|back\slash \n' '第一次 é|第一次 é'; do
        cl_escape v "${pair%%|*}"
        [ "$v" = "${pair#*|}" ] || { echo "'${pair%%|*}' -> '$v'"; false; }
        cl_escape w "$v"
        [ "$w" = "$v" ]
    done
    cl_escape v "$(printf 'x%.0s' {1..300})" 100
    [ "$v" = "$(printf 'x%.0s' {1..100})…(300 bytes)" ]
    # the C writers' rule: coldload-run writes the same field the same way
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    "$B/coldload-run" --runs-csv "$BATS_TEST_TMPDIR/r.csv" --params $'a\nb\e\t' -- true
    cl_escape v $'a\nb\e\t'
    [ "$(col "$BATS_TEST_TMPDIR/r.csv" params)" = "$v" ]
}

@test "cl_int accepts decimal integers in range, leading zeros as decimal; else usage, exit 2" {
    cl_int --runs 5 1 10
    cl_int --runs 010 1 10     # 10, not octal 8
    cl_int --runs 1 1 1
    for bad in 0 11 -1 1.5 '' ' 3' 3x 1234567890; do
        run cl_int --runs "$bad" 1 10
        [ "$status" -eq 2 ]
        [[ $output == *"--runs: expected an integer in 1..10, got '$bad'"* ]]
    done
    # up to 10 digits (compare's 32-bit --seed), no more: $((...)) never overflows
    cl_int --seed 4294967295 0 4294967295
    for bad in 4294967296 99999999999 99999999999999999999; do
        run cl_int --seed "$bad" 0 4294967295
        [ "$status" -eq 2 ]
        [[ $output == *"--seed: expected an integer in 0..4294967295, got '$bad'"* ]]
    done
}

@test "cl_int_list: spaces or commas, normalised; an empty or bad item is a usage error" {
    [ "$(cl_int_list --widths '1 2' 1 256)" = '1 2' ]
    [ "$(cl_int_list --widths 1,02,8 1 256)" = '1 2 8' ]
    run cl_int_list --widths '' 1 256
    [ "$status" -eq 2 ]
    run cl_int_list --widths 1,300 1 256
    [ "$status" -eq 2 ]
    [[ $output == *"got '300'"* ]]
}

@test "cl_num: decimals > 0 (LO 0 excluded) and <= HI" {
    cl_num --budget 0.1 0 86400
    cl_num --budget .5 0 86400
    cl_num --budget 86400 0 86400
    for bad in 0 0.0 86400.5 -1 1e3 abc 1. ''; do
        run cl_num --budget "$bad" 0 86400
        [ "$status" -eq 2 ]
    done
}

@test "cl_ge compares decimals exactly, whatever their lengths" {
    cl_ge 2 2
    cl_ge 2.5 2.49
    cl_ge 10 9.99
    cl_ge 1.50 1.5
    run ! cl_ge 1.5 1.51
    run ! cl_ge 0.99 1
    run ! cl_ge 9 10
}

@test "cl_s_to_ms: GNU time's seconds to integer ms" {
    [ "$(cl_s_to_ms 1.25)" -eq 1250 ]
    [ "$(cl_s_to_ms 0.01)" -eq 10 ]
    [ "$(cl_s_to_ms 0.5)" -eq 500 ]
    [ "$(cl_s_to_ms 12)" -eq 12000 ]
    [ "$(cl_s_to_ms 0.00)" -eq 0 ]
    [ "$(cl_s_to_ms 08.09)" -eq 8090 ]   # no octal
}

@test "cl_unique never reuses a name: PATH, then PATH-2, PATH-3" {
    d=$BATS_TEST_TMPDIR
    [ "$(cl_unique "$d/log" .out)" = "$d/log" ]
    touch "$d/log.out"
    [ "$(cl_unique "$d/log" .out)" = "$d/log-2" ]
    touch "$d/log-2.out"
    [ "$(cl_unique "$d/log" .out)" = "$d/log-3" ]
    [ "$(cl_unique "$d/log" .err)" = "$d/log" ]   # only SUFFIX's file counts
}

@test "cl_meta writes key=value, the value one line: a newline written \\n, a path stays that path" {
    CL_META=$BATS_TEST_TMPDIR/meta.txt
    cl_meta key $'one\ntwo' three
    [ "$(cat "$CL_META")" = 'key=one\ntwo three' ]
    : >"$CL_META"
    cl_meta threads_binary $'/tmp/a dir\nwith/prog'
    [ "$(cat "$CL_META")" = 'threads_binary=/tmp/a dir\nwith/prog' ]
    # a long value: its first CL_META_MAX bytes, and how long it was
    : >"$CL_META"
    cl_meta big "$(head -c 100000 /dev/zero | tr '\0' x)"
    [ "$(wc -l <"$CL_META")" -eq 1 ]
    grep -q "^big=x\{$CL_META_MAX\}…(100000 bytes)\$" "$CL_META"
}

@test "cl_cpu_list_expand: ranges and single CPUs" {
    [ "$(cl_cpu_list_expand 0-2,5)" = '0 1 2 5' ]
    [ "$(cl_cpu_list_expand 3)" = '3' ]
    [ "$(cl_cpu_list_expand 0,2-3)" = '0 2 3' ]
}

@test "cl_shuffle: a permutation, the same one for the same seed" {
    local got=()
    RANDOM=42
    cl_shuffle got a b c d e f
    first="${got[*]}"
    [ "$(printf '%s\n' "${got[@]}" | sort | tr '\n' ' ')" = 'a b c d e f ' ]
    RANDOM=42
    cl_shuffle got a b c d e f
    [ "${got[*]}" = "$first" ]
}

@test "threads_set: a key of the threads job's state (lib/cellrun.sh) is set; a key it does not name is refused, the state as it was" {
    # shellcheck source=harness/lib/cellrun.sh
    . "$H/lib/cellrun.sh"
    threads_set binary /bin/true
    [ "${CL_TH[binary]}" = /bin/true ]
    threads_set_args 'a b' '{width}'
    [ "${#CL_TH_ARGS[@]}" -eq 2 ]
    [ "${CL_TH_ARGS[0]}" = 'a b' ]
    run threads_set bianry /bin/false
    [ "$status" -ne 0 ]
    [[ $output == *"no key 'bianry'"* ]]
    [[ ! -v CL_TH[bianry] ]]
    [ "${CL_TH[binary]}" = /bin/true ]
}

@test "cold_set, cold_add, cold_list: the cold job's state (harness/cold/options.sh) by key, a misspelt key refused; a copy's file list into the caller's array" {
    # shellcheck source=harness/cold/options.sh
    . "$H/cold/options.sh"
    # shellcheck source=harness/cold/files.sh
    . "$H/cold/files.sh"
    cold_set copies 3
    [ "${CL_COLD[copies]}" = 3 ]
    cold_add evict_pages 5
    cold_add evict_pages 7
    [ "${CL_COLD[evict_pages]}" -eq 12 ]
    cold_set params/grad 'n=4 m=2'
    [ "${CL_COLD[params/grad]}" = 'n=4 m=2' ]
    run cold_set copeis 4
    [ "$status" -ne 0 ]
    [[ $output == *"no key 'copeis'"* ]]
    [[ ! -v CL_COLD[copeis] ]]
    [ "${CL_COLD[copies]}" = 3 ]
    printf '%s\n' /opt/p28 '/lib/lib a.so' /lib/ld.so >"$BATS_TEST_TMPDIR/grad"
    cold_set lists "$BATS_TEST_TMPDIR"
    cold_set real_binary /opt/p28
    local got=()
    cold_list got /tmp/copy/p28 grad
    [ "${#got[@]}" -eq 3 ]
    [ "${got[0]}" = /tmp/copy/p28 ]
    [ "${got[1]}" = '/lib/lib a.so' ]
    [ "${got[2]}" = /lib/ld.so ]
}

@test "harness/cold/*.sh: no SC2034/SC2154 disabled (their state is CL_COLD, passed, never another file's variables), shellcheck -x clean" {
    command -v shellcheck >/dev/null || skip "shellcheck is not installed (apt-get install shellcheck)"
    run grep -l 'disable=.*SC2\(034\|154\)' "$H"/cold/*.sh
    [ "$status" -eq 1 ]
    cd "$ROOT"
    run shellcheck -x harness/cold.sh harness/cold/*.sh
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "workloads from --describe: the cells, their arguments and params, QUICK and loaded" {
    need_binaries
    [ -x "$B/ising_trg" ] || skip "build ising_trg first (make)"
    CL_BUILD=$B CL_OPT[QUICK]=0 CL_OPT[RUNS]=
    cl_workloads warm
    [ "$CL_WORKLOADS" = 'grad svdvals trg trgload' ]
    cl_workloads loaded
    [ "$CL_WORKLOADS" = 'grad svdvals trgload' ]
    cl_workloads cold
    [ "$CL_WORKLOADS" = 'grad svdvals' ]
    cl_cell trgload
    [ "$CL_CELL_WORKLOAD" = trg ]
    [ "$CL_CELL_BINARY" = "$B/ising_trg" ]
    [ "${CL_CELL_ARGS[*]}" = '--beta 0.4 --chi 8 --steps 10 --runs 3' ]
    [ "$CL_CELL_PARAMS" = 'betas=0.4;chi=8;steps=10' ]
    cl_cell grad
    [ "${CL_CELL_ARGS[*]}" = '--workload grad --runs 20' ]
    [ "$CL_CELL_PARAMS" = 'n=1000' ]
    [ "$(cl_series_max)" -eq 4 ]
    # QUICK: one size idle and loaded, so no separate loaded cell; --runs appended when given
    CL_OPT[QUICK]=1 CL_OPT[RUNS]=7 CL_RUNS=7
    cl_workloads loaded
    [ "$CL_WORKLOADS" = 'grad svdvals trg' ]
    cl_cell trg
    [ "${CL_CELL_ARGS[*]}" = '--beta 0.3 --chi 8 --steps 10 --runs 2 --runs 7' ]
    [ "$CL_CELL_PARAMS" = 'betas=0.3;chi=8;steps=10' ]
    [ "$(cl_series_max)" -eq 1 ]
    run cl_cell nosuch
    [ "$status" -eq 1 ]
    [[ $output == *"unknown workload nosuch"* ]]
    # workloads.tsv: both tables under one header
    cl_workloads_tsv "$BATS_TEST_TMPDIR/w.tsv"
    [ "$(grep -c '^workload	' "$BATS_TEST_TMPDIR/w.tsv")" -eq 1 ]
    [ "$(cut -f1,2,7 "$BATS_TEST_TMPDIR/w.tsv" | tail -n +2 | tr '\t\n' ':;')" = 'grad:p28_timing:width ;svdvals:p28_timing:width ;trg:ising_trg:beta=;' ]
}

@test "a binary whose --describe fails is a broken build: exit 2 naming it" {
    mkdir -p "$BATS_TEST_TMPDIR/build"
    printf '#!/bin/sh\necho "no such option" >&2\nexit 2\n' >"$BATS_TEST_TMPDIR/build/p28_timing"
    chmod +x "$BATS_TEST_TMPDIR/build/p28_timing"
    CL_BUILD=$BATS_TEST_TMPDIR/build
    run cl_describe
    [ "$status" -eq 2 ]
    [[ $output == *"p28_timing --describe failed: no such option (rebuild with make)"* ]]
}

@test "cl_run_lines: a log's page-format lines (by the workloads' line_prefix) into runs-lines.tsv, one header" {
    CL_OUT=$BATS_TEST_TMPDIR
    mkdir -p "$CL_OUT/logs"
    CL_WL_READ=1
    CL_WL_LINE_PREFIX=([grad]="width " [svdvals]="width " [trg]="beta=")
    printf '# p28_timing: width 1, banner\nwidth 1: grad n=8 | first 1 ms\nnot a line\n  width 2: indented\n' \
        >"$CL_OUT/logs/warm-idle-grad-w1.out"
    printf 'beta=0.3000 lnZ/N=0.79\n' >"$CL_OUT/logs/warm-idle-trg-w1.out"
    : >"$CL_OUT/logs/empty.out"
    cl_run_lines "$CL_OUT/logs/warm-idle-grad-w1"
    cl_run_lines "$CL_OUT/logs/warm-idle-trg-w1"
    cl_run_lines "$CL_OUT/logs/empty"
    cl_run_lines "$CL_OUT/logs/absent"
    [ "$(cat "$CL_OUT/runs-lines.tsv")" = "$(printf 'log\tline\nwarm-idle-grad-w1\twidth 1: grad n=8 | first 1 ms\nwarm-idle-trg-w1\tbeta=0.3000 lnZ/N=0.79')" ]
    # before the tables are read nothing is recorded
    rm "$CL_OUT/runs-lines.tsv"
    CL_WL_READ=0
    cl_run_lines "$CL_OUT/logs/warm-idle-grad-w1"
    [ ! -e "$CL_OUT/runs-lines.tsv" ]
}

@test "cl_csv_col: a column's number from the header, by name; nothing when absent" {
    f=$BATS_TEST_TMPDIR/s.csv
    printf 'a,truncated,cut\n1,0,none\n' >"$f"
    [ "$(cl_csv_col "$f" truncated)" = 2 ]
    [ "$(cl_csv_col "$f" cut)" = 3 ]
    [ -z "$(cl_csv_col "$f" missing)" ]
    [ -z "$(cl_csv_col "$BATS_TEST_TMPDIR/absent.csv" cut)" ]
}

@test "cl_params_in: a group's params belong to the harness cell that ran them (one beta of a TRG's list), not to its other size" {
    cl_params_in "beta=0.3;chi=16;steps=20" "betas=0.3,0.4,0.5,0.6;chi=16;steps=20"
    cl_params_in "beta=0.4;chi=8;steps=10" "betas=0.4;chi=8;steps=10"
    cl_params_in "n=1000" "n=1000"
    run ! cl_params_in "beta=0.4;chi=16;steps=20" "betas=0.4;chi=8;steps=10"
    run ! cl_params_in "beta=0.4;chi=8;steps=10" "betas=0.3,0.4,0.5,0.6;chi=16;steps=20"
    run ! cl_params_in "beta=0.45;chi=8;steps=10" "betas=0.4;chi=8;steps=10"
    run ! cl_params_in "size=256" "n=1000"
}

@test "cl_plan_rows: a plan read by column name, in any order, empty fields kept; a header without a column asked for refused with one line" {
    cl_plan_rows --decided "$(printf 'state\twidth\tworkload\tparams\tnew\ndecided\t2\tgrad\t\tx\nundecided\t1\tsvdvals\tsize=256\t')" \
        workload width state params
    [ "${CL_PLAN[n]}" = 2 ]
    [ "${CL_PLAN[0,workload]}:${CL_PLAN[0,width]}:${CL_PLAN[0,state]}:${CL_PLAN[0,params]}" = grad:2:decided: ]
    [ "${CL_PLAN[1,workload]}:${CL_PLAN[1,width]}:${CL_PLAN[1,state]}:${CL_PLAN[1,params]}" = svdvals:1:undecided:size=256 ]
    # a header alone: no rows
    cl_plan_rows --ab-decided "$(printf 'state\tpairs')" state
    [ "${CL_PLAN[n]}" = 0 ]
    # the old headerless line, or nothing at all: refused, never read by position
    if cl_plan_rows --ab-decided "$(printf 'decided\t12\t1.07')" state; then false; fi
    [ "${CL_PLAN[n]}" = 0 ]
    [ "${CL_PLAN[error]}" = "coldload-summarize --ab-decided wrote a plan without the column state (its header: decided\\t12\\t1.07)" ]
    if cl_plan_rows --decided '' state; then false; fi
}

@test "cl_run_result: coldload-run's --result read by column name, in any order; the old headerless line, a bad status or a missing file refused" {
    local -A r=()
    printf 'left\tstatus\tbound_ms\texit_code\twall_ms\tuser_ms\tsys_ms\tminflt\tmajflt\n2\tslow\t300.000\t0\t301.5\t1\t2\t3\t4\n' >"$BATS_TEST_TMPDIR/r"
    cl_run_result r "$BATS_TEST_TMPDIR/r"
    [ "${r[status]}:${r[exit_code]}:${r[left]}:${r[bound_ms]}:${r[wall_ms]}" = slow:0:2:300.000:301.5 ]
    # the old line without a header: unreadable (2), never read by position
    printf 'ok\t0\t1.0\t0\t0\t0\t0\t0\t\n' >"$BATS_TEST_TMPDIR/r"
    run cl_run_result r "$BATS_TEST_TMPDIR/r"
    [ "$status" -eq 2 ]
    printf 'status\texit_code\twall_ms\tuser_ms\tsys_ms\tminflt\tmajflt\tleft\tbound_ms\nOK; rm\t0\t1\t0\t0\t0\t0\t0\t\n' >"$BATS_TEST_TMPDIR/r"
    run cl_run_result r "$BATS_TEST_TMPDIR/r"
    [ "$status" -eq 2 ]
    run cl_run_result r "$BATS_TEST_TMPDIR/none"
    [ "$status" -eq 1 ]
}

@test "cl_plan: coldload-summarize's plan from its stdout alone; a failed run is its exit and first line on stderr" {
    CL_OUT=$BATS_TEST_TMPDIR/out CL_BUILD=$BATS_TEST_TMPDIR/bin CL_TMPDIRS=()
    mkdir -p "$CL_OUT" "$CL_BUILD"
    printf '#!/bin/sh\necho "coldload-summarize: 3 rows of other phases not summarised" >&2\nprintf "id\\twidth\\tsetting\\nr0\\t2\\tOMP_WAIT_POLICY=passive\\n"\n' >"$CL_BUILD/coldload-summarize"
    chmod +x "$CL_BUILD/coldload-summarize"
    cl_plan "setting id" --threads-remedies auto "$CL_OUT"
    [ "${CL_PLAN[n]}" = 1 ]
    [ "${CL_PLAN[0,id]}" = r0 ]
    [ "${CL_PLAN[0,setting]}" = OMP_WAIT_POLICY=passive ]
    printf '#!/bin/sh\necho "coldload-summarize: x/samples.csv:3: bad" >&2\nexit 2\n' >"$CL_BUILD/coldload-summarize"
    if cl_plan state --decided "$CL_OUT"; then false; fi
    [ "${CL_PLAN[error]}" = "exit 2: coldload-summarize: x/samples.csv:3: bad" ]
}

@test "cl_stop_row: a stop as a row of stops.csv, its header once" {
    CL_OUT=$BATS_TEST_TMPDIR
    cl_stop_row loaded pinned 2 grad 2 5 decided
    cl_stop_row threads none 0 "" "" 3 fixed
    [ "$(cat "$CL_OUT/stops.csv")" = "$(printf 'harness,load,stressors,cell,width,procs,how\nloaded,pinned,2,grad,2,5,decided\nthreads,none,0,,,3,fixed')" ]
}

@test "cl_own_cpu_ms: the harness's CPU time and its reaped children's, in ms, read without a fork of its own" {
    local a b
    a=$(cl_own_cpu_ms)
    [[ $a =~ ^[0-9]+$ ]]
    # a child that spins until its own CPU time (utime + stime, clock ticks
    # of 10 ms) reaches 300 ms, reaped: CPU time, not wall time, so a busy
    # machine only makes it take longer
    bash -c 'while :; do read -r -a s </proc/$$/stat; [ $(((s[13] + s[14]) * 10)) -lt 300 ] || break; done'
    b=$(cl_own_cpu_ms)
    [ "$((b - a))" -ge 300 ]
}
