#!/usr/bin/env bats
# tests/harness/ab.bats -- is B faster than A? (harness/ab.sh, make ab): the
# usage errors and SIGINT mid-run. The jobs (two real commands of known
# ratio, a short job at two widths, A against itself, make ab, hostile
# command strings): tests/long/ab.bats.

load helpers
load ab

@test "usage errors: a side missing, a program that does not exist, a bad load or precision: exit 2, one line, nothing made" {
    ab --a "$OMP 5"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--b CMD is required"* ]]
    ab --a "/nonexistent/prog 5" --b "$OMP 5"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--a: '/nonexistent/prog': no such file"* ]]
    ab --a "$OMP 5" --b "$BATS_TEST_TMPDIR"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"is a directory"* ]]
    ab --a "$OMP 5" --b "$OMP 5" --load quota
    [ "$status" -eq 2 ]
    ab --a "$OMP 5" --b "$OMP 5" --precision 2
    [ "$status" -eq 2 ]
    ab --a "   " --b "$OMP 5"
    [ "$status" -eq 2 ]
    [ ! -e "$O" ]
}

@test "a side that exits 126 saying nothing: cannot start, with a reason (not an empty one), nothing measured" {
    printf '#!/bin/sh\nexit 126\n' >"$BATS_TEST_TMPDIR/silent"
    chmod +x "$BATS_TEST_TMPDIR/silent"
    ab --a "$BATS_TEST_TMPDIR/silent" --b "$OMP 5"
    [ "$status" -eq 1 ]
    [ "$(grep -c 'cannot start here' <<<"$output")" -eq 1 ]
    [[ $output == *"cannot start here: exit 126, no message: not executable (a mount with noexec, no x bit)? (its warm-up run: failed, exit 126; "* ]]
}

@test "--widths refused with one line and exit 2 before anything is made: not a width, out of range, a width twice, {width} without --widths" {
    ab --a "$OMP 5" --b "$OMP 5" --widths "1 x"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--widths: expected an integer in 1..256, got 'x'"* ]]
    ab --a "$OMP 5" --b "$OMP 5" --widths 0
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--widths: expected an integer in 1..256, got '0'"* ]]
    ab --a "$OMP 5" --b "$OMP 5" --widths "2,1 2"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--widths: width 2 is given twice"* ]]
    ab --a "$OMP {width}" --b "$OMP 5"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"{width} in a command needs --widths"* ]]
    [ ! -e "$O" ]
}

@test "SIGINT mid-run: exit 130, no run left, no cgroup left, the rows written whole" {
    env --default-signal=INT bash "$H/ab.sh" --out "$O" --a "/bin/sleep 7.31" --b "/bin/sleep 7.31" \
        >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for test -s "$O/meta.txt"
    wait_for pgrep -f '^/bin/sleep 7.31'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    sleep 0.5
    run pgrep -af 'sleep 7.31'
    [ "$status" -eq 1 ] || { echo "left: $output"; false; }
    [ -z "$(cg_left)" ]
    [ ! -s "$O/runs.csv" ] || every_row_complete "$O/runs.csv"
}

@test "make ab: A and B are never pasted into a shell line (make -n: named, not written out)" {
    run make -s -n -C "$ROOT" ab A="true' ; touch $BATS_TEST_TMPDIR/X ; echo '" B="prog it's \$1"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/ab.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh bash harness/ab.sh --a "$COLDLOAD_MAKE_A" --b "$COLDLOAD_MAKE_B"'* ]]
    [[ $line != *touch* ]]
    [[ $line != *"it's"* ]]
}

@test "make ab TOTAL=S: the job's time budget reaches ab.sh as --total, named, not written out" {
    run make -s -n -C "$ROOT" ab A=true B=true TOTAL=45
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/ab.sh' <<<"$output")
    [[ $line == *' --total "$COLDLOAD_MAKE_TOTAL"'* ]]
}

@test "make ab with a hostile A and a quote in B: no command of theirs runs, meta.txt records each exactly as given, make's exit is the job's" {
    a="true 'x ; touch $BATS_TEST_TMPDIR/X1 ; echo ' \$1 \$(touch $BATS_TEST_TMPDIR/X2) \`touch $BATS_TEST_TMPDIR/X3\` it's"
    b="true it's \$HOME"
    run make -s -C "$ROOT" ab A="$a" B="$b" QUICK=1 OUT="$O" SEED=3 HARNESS_ARGS="--max-procs 8"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ ! -e "$BATS_TEST_TMPDIR/X1" ]
    [ ! -e "$BATS_TEST_TMPDIR/X2" ]
    [ ! -e "$BATS_TEST_TMPDIR/X3" ]
    grep -qxF "ab_a=$a" "$O/meta.txt"
    grep -qxF "ab_b=$b" "$O/meta.txt"
    grep -qx 'ab_seed=3' "$O/meta.txt"
    # QUICK's time budget
    grep -qx 'ab_total_s=30' "$O/meta.txt"
    [ -s "$O/report.html" ]
    # a job that fails fails make: ab.sh's own line, make non-zero
    run make -s -C "$ROOT" ab A="/nonexistent/prog it's" B=true OUT="$BATS_TEST_TMPDIR/o2"
    [ "$status" -ne 0 ]
    [[ $output == *"--a: '/nonexistent/prog': no such file"* ]]
}

@test "a newline or another control character in --a or --b: refused, exit 2, one line, nothing made" {
    ab --a $'/bin/echo x\ny' --b /bin/true
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--a: a control character (a newline, a tab ...) in the command"* ]]
    ab --a /bin/true --b $'/bin/true\tx'
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--b: a control character"* ]]
    [ ! -e "$O" ]
}

@test "a second job into an --out holding another job's runs, or a threads job's answers: exit 2, one line, before any run; what was there unchanged" {
    ab --a /bin/true --b /bin/true --max-procs 8 --quick
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    local before
    before=$(cd "$O" && find . -type f -exec md5sum {} + | sort)
    ab --a /bin/true --b "/bin/sleep 0.01" --max-procs 8 --quick
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--out $O already holds another job's runs (runs.csv)"* ]]
    [ "$(cd "$O" && find . -type f -exec md5sum {} + | sort)" = "$before" ]
    # a threads job's directory (its answers, no rows of ours): never replaced
    local T=$BATS_TEST_TMPDIR/threads
    mkdir -p "$T"
    printf 'job=threads\n' >"$T/meta.txt"
    echo '{"answers": []}' >"$T/results.json"
    run bash "$H/ab.sh" --out "$T" --a /bin/true --b /bin/true --max-procs 8 --quick
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"holds a threads job's results (meta.txt job=threads)"* ]]
    [ "$(find "$T" -mindepth 1 -printf '%f\n' | sort | tr '\n' ' ')" = "meta.txt results.json " ]
}

@test "B stopped at the cap in every run: at least slower, no upper end -- never an exact ratio" {
    ab --a /bin/true --b "/bin/sleep 1000" --budget 0.2 --grace 0.1 --max-procs 8
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(col "$O/runs.csv" status | sort | uniq -c | awk '{print $1 ":" $2}' | tr '\n' ' ')" = "8:cut 16:ok " ]
    run jq -r '.answers[] | select(.id == "ab") | [.verdict, .figures.ratio_bound, .figures.ratio_hi, .figures.cut_pairs_b] | @tsv' "$O/results.json"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'slower\t1\t\t8')" ]
    run jq -r '.answers[] | select(.id == "ab") | .text' "$O/results.json"
    [ "$status" -eq 0 ]
    [[ $output == "B is at least "*"x slower than A (B/A of 8 pairs; B's run in 8 of them was stopped at the cap"*"99% interval from "*" up, no upper end)"* ]]
    grep -q '^\*\*B is at least [0-9.]*x slower than A' "$O/report.md"
}

@test "fewer pairs than the rule needs is never decided: B failing once leaves 7 pairs at block 8, the blocks go on" {
    # B fails on its second call: the first measured run (the warm-up is the first)
    local b=$BATS_TEST_TMPDIR/fail2
    printf '#!/bin/sh\nn=$(cat "$1" 2>/dev/null || echo 0)\necho $((n + 1)) >"$1"\n[ "$n" -ne 1 ]\n' >"$b"
    chmod +x "$b"
    ab --a /bin/true --b "$b $BATS_TEST_TMPDIR/calls" --max-procs 9 --precision 1
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$(tail -n +2 "$O/stops.csv")" = "ab,none,0,ab,0,9,max" ]
    [ "$(($(wc -l <"$O/runs.csv") - 1))" -eq 27 ]
    # without --widths the answer still carries its stop (stops.csv's row)
    [ "$(jq -c '.answers[] | select(.id == "ab") | [.blocks, .stopped, has("width")]' "$O/results.json")" = '[9,"max",false]' ]
}

@test "A = B printing a different output each run: A's own outputs vary, said so -- never that B differs" {
    local p=$BATS_TEST_TMPDIR/rnd
    printf '#!/bin/bash\necho "$RANDOM $$"\n' >"$p"
    chmod +x "$p"
    ab --a "$p" --b "$p" --max-procs 8
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run jq -r '.answers[] | select(.id == "ab") | [.figures.outputs_differ, .figures.a_output_varies] | @tsv' "$O/results.json"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf -- '-1\t1')" ]
    absent 'B printed something else than A' "$O/report.md"
    grep -q "^\*\*A's output varies from run to run (its runs and A again's printed [0-9]* different outputs)" "$O/report.md"
}

@test "B failing in every run: said first, exit 1; no hyperfine.json of A alone, no chart" {
    local f=$BATS_TEST_TMPDIR/fails
    printf '#!/bin/sh\necho "no such thing" >&2\nexit 1\n' >"$f"
    chmod +x "$f"
    ab --a /bin/true --b "$f" --max-procs 8 --export-hyperfine "$BATS_TEST_TMPDIR/hf.json"
    [ "$status" -eq 1 ]
    run awk '/^$/ { on = 1; next } on' <<<"$output"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "coldload ab: B failed in every run: exit 1 in 8 of 8 (logs/ab-B-b1.err: no such thing); there is no time of B to compare" ]]
    [ ! -e "$O/hyperfine.json" ]
    [ ! -e "$BATS_TEST_TMPDIR/hf.json" ]
    [ "$(jq -r '.answers[] | select(.id == "ab") | .sides.B.failed' "$O/results.json")" -eq 8 ]
    grep -q '^\*\*B failed in every run (8 of 8' "$O/report.md"
    grep -q '^ab_error=B failed in every run' "$O/meta.txt"
    # no chart of A/A alone: no B/A to draw against it
    [ ! -e "$O/plots/ab.dat" ]
    grep -q '^No chart: the results hold no rows any chart shows' "$O/report.md"
}

@test "SIGKILL of ab.sh (its supervisor) is said as SIGKILL, not as the SIGTERM the harness stopped on; SIGKILL of the harness itself too" {
    local which pid child rc
    for which in supervisor harness; do
        rm -rf "$O"
        bash "$H/ab.sh" --out "$O" --a "/bin/sleep 7.32" --b "/bin/sleep 7.32" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
        pid=$!
        wait_for test -s "$O/meta.txt"
        wait_for pgrep -f 'sleep 7.32'
        child=$(pgrep -P "$pid" -f ab.sh)
        if [ "$which" = supervisor ]; then kill -KILL "$pid"; else kill -KILL "$child"; fi
        rc=0
        wait "$pid" 2>/dev/null || rc=$?
        [ "$rc" -eq 137 ]
        # the harness's clean-up (or its supervisor's word) done
        wait_for grep -q '^ab_exit_status=137$' "$O/meta.txt"
        grep -qx 'ab_interrupted_by=SIGKILL' "$O/meta.txt"
        absent 'SIGTERM' "$BATS_TEST_TMPDIR/log"
        absent 'Killed' "$BATS_TEST_TMPDIR/log"
        wait_for bash -c '! pgrep -f "slee[p] 7.32"'
        if [ "$which" = supervisor ]; then
            grep -q "coldload ab: interrupted by SIGKILL (of its supervisor, pid $pid: the harness stopped when it died); results so far kept in" "$BATS_TEST_TMPDIR/log"
        else
            grep -q "coldload ab: the harness (pid $child) was killed by SIGKILL; results so far kept in" "$BATS_TEST_TMPDIR/log"
        fi
    done
}

@test "--bs FILE: every B side in the same shuffled blocks (A, each B, A again once a block), each B's answer and stop its own in sides/Bk" {
    printf 'sleep 0.01\nsleep 0.03\n' >"$BATS_TEST_TMPDIR/bs"
    ab --a "sleep 0.01" --bs "$BATS_TEST_TMPDIR/bs" --max-procs 8 --quick
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # each block (samples.csv's proc) holds one run of each side
    [ "$(awk -F, 'NR > 1 { n[$NF]++ } END { for (p in n) if (n[p] != 4) bad++; print bad + 0 }' "$O/runs.csv")" -eq 0 ]
    [ "$(cut -d, -f4 "$O/runs.csv" | sort | uniq -c | awk '{ print $1 }' | sort -u | tr '\n' ' ')" = "1 8 " ]
    [ "$(jq -r '.answers[0].verdict' "$O/sides/B2/results.json")" = slower ]
    [ "$(jq -r '.answers[0].verdict' "$O/sides/B1/results.json")" != slower ]
    [ "$(jq -r '.answers[0].sides.B.command' "$O/sides/B2/results.json")" = "sleep 0.03" ]
    [ "$(cut -d, -f4 "$O/sides/B2/runs.csv" | sort -u | tr '\n' ' ')" = "A A2 B workload " ]
    [ "$(awk -F, 'NR > 1 { print $4 }' "$O/sides/B1/stops.csv")" = ab ]
    [ "$(awk -F, 'NR > 1 { print $4 }' "$O/stops.csv" | sort | tr '\n' ' ')" = "ab-B1 ab-B2 " ]
    [[ $output == *"coldload ab: B2: B is "*"slower than A"* ]]
}

# bs_refused CONTENT WANT: ab.sh --bs of a file holding CONTENT refused,
# exit 2, one line saying WANT
bs_refused() {
    printf '%b' "$1" >"$BATS_TEST_TMPDIR/bs"
    ab --a "sleep 0.01" --bs "$BATS_TEST_TMPDIR/bs"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *$2* ]]
}

@test "--bs refused with one line and exit 2: with --b, a blank line, no command, a program that does not exist" {
    printf 'sleep 0.01\n' >"$BATS_TEST_TMPDIR/bs"
    ab --a "sleep 0.01" --b "sleep 0.01" --bs "$BATS_TEST_TMPDIR/bs"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--b and --bs: give one of them"* ]]
    bs_refused 'sleep 0.01\n\nsleep 0.02\n' "line 2 is blank"
    bs_refused '' "no command in it"
    bs_refused 'sleep 0.01\n/nonexistent/prog 1\n' "side B2*no such file"
    [ ! -e "$O" ]
}
