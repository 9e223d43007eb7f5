#!/usr/bin/env bats
# tests/harness/history.bats -- make history (harness/history.sh): each
# commit of a history made by tests/harness/progs/bisect_history.sh (a
# shell program whose sleep goes 0.01 -> 0.03 s at one commit) against the
# first in the same blocks of one ab job (ab.sh --bs), the change marked at
# its commit, hostile commit subjects kept as data, the user's repository
# the same after the job (SIGINT mid-build included), a later job into the
# history adding only the commits not yet measured (--again: all; four jobs,
# in tests/long/history.bats), bad input one line and exit 2 with nothing
# made. Short jobs: QUICK, 8 blocks.

load helpers
# setup_file, setup (R, O), history KIND [N] [AT], snapshot FILE, hist ARGS..., row
# COMMIT FIELD: the bisect and history tests' helpers
load bisect

@test "history: each commit against the first in the same blocks, the change at its commit, hostile subjects as data, the repository the same after" {
    HOSTILE=1 BUILD_LOG=$BATS_TEST_TMPDIR/builds history tiny 4 2
    local c1 c2 c3 sub2
    c1=$(git -C "$R" rev-parse HEAD~2)
    c2=$(git -C "$R" rev-parse HEAD~1)
    c3=$(git -C "$R" rev-parse HEAD)
    sub2=$(git -C "$R" log -1 --format=%s HEAD~1)
    snapshot "$BATS_TEST_TMPDIR/before"
    hist --revs HEAD~3..HEAD
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
    # one ab job, every commit a B side of its blocks
    [ "$(cut -d, -f4 "$O/ab/01/runs.csv" | sort -u | tr '\n' ' ')" = "A A2 B1 B2 B3 workload " ]
    [ "$(jq -r '.answers[0].id' "$O/results.json")" = history ]
    [ "$(jq -r '.answers[0].commits | length' "$O/results.json")" -eq 4 ]
    [ "$(jq -r '.answers[0].commits[2].id' "$O/results.json")" = "$c2" ]
    [ "$(jq -r '.answers[0].commits[2].subject' "$O/results.json")" = "$sub2" ]
    # 0.03 s against 0.01 s, each with a process's start: well above 1.1 even
    # on a busy machine, where the start grows and the ratio shrinks
    jq -e '.answers[0].commits[2].ratio_lo > 1.1' "$O/results.json"
    # commit 1 is the baseline's code: never slower (its interval's width is
    # the machine's: QUICK's 8 blocks beside a load are wide)
    [ "$(jq -r '.answers[0].commits[1].verdict' "$O/results.json")" != slower ]
    [ "$(jq -r '.answers[0].commits[3].load' "$O/results.json")" = none ]
    # the change: between commits 1 and 2, and no other pair
    [ "$(jq -r '.answers[0].changes | length' "$O/results.json")" -eq 1 ]
    [ "$(jq -r '.answers[0].changes[0].from' "$O/results.json")" = "$c1" ]
    [ "$(jq -r '.answers[0].changes[0].to' "$O/results.json")" = "$c2" ]
    [ "$(jq -r '.answers[0].changes[0].verdict' "$O/results.json")" = slower ]
    [ "$(jq -r '.answers[0].changes[0].how' "$O/results.json")" = same-blocks ]
    [ "$(jq -r '.answers[0].commits[3].change' "$O/results.json")" = null ]
    # named only once confirmed: an ab job of the two alone on fresh blocks
    [ "$(jq -r '.answers[0].changes[0].confirmation.verdict' "$O/results.json")" = slower ]
    jq -e '.answers[0].changes[0].confirmation.ratio_lo > 1.1' "$O/results.json"
    [ "$(awk -F'\t' 'NR > 1 { print $2, $5, $6 }' "$O/confirm.tsv")" = "confirm $c1 $c2" ]
    [ "$(row "$c3" 10)" = ab/01 ]
    grep -Fx '# What did each commit cost?' "$O/report.md"
    grep -F '<h1>What did each commit cost?</h1>' "$O/report.html"
    grep -F "| \`${c2:0:12}\` |" "$O/report.md"
    # subjects are data: escaped in the reports, never run, never in gnuplot's input
    [ ! -e /tmp/bisect-pwned ]
    absent -F '<script>' "$O/report.md"
    absent -F '<script>' "$O/report.html"
    grep -F '&lt;script&gt;' "$O/report.html"
    absent -F '**bold**' "$O/report.md"
    absent -F 'set output' "$O/plots/history.dat"
    [ -s "$O/plots/history.png" ]
    [ -s "$O/plots/history.svg" ]
    # the change marked in the chart's data: commit 2's row only
    [ "$(awk 'NR > 1 && $7 == 1 { print $2 }' "$O/plots/history.dat")" = "${c2:0:8}" ]
    # built once each, the worktrees and the clone gone
    [ "$(wc -l <"$BATS_TEST_TMPDIR/builds")" -eq 4 ]
    [ -z "$(sort "$BATS_TEST_TMPDIR/builds" | uniq -d)" ]
    [ -z "$(find "$O" -name prog)" ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    # progress: each commit to build said as i of N, with the time left
    [[ $output == *"preparing commit 3 of 3 ("*"s left"* ]]
}

@test "history: a difference is a change only when its confirmation on fresh blocks says the same direction" {
    # shellcheck source=harness/lib/all.sh
    . "$H/lib/all.sh"
    # shellcheck source=harness/lib/bisect.sh
    . "$H/lib/bisect.sh"
    # shellcheck source=harness/lib/history.sh
    . "$H/lib/history.sh"
    local a=aaaa b=bbbb c=cccc d=dddd
    hs_pair_rows=("$a"$'\t'"$b"$'\t0\tslower\t1.1\t1.05\t1.2\tsame-blocks'
        "$b"$'\t'"$c"$'\t0\tsame\t1.0\t0.98\t1.02\tsame-blocks'
        "$c"$'\t'"$d"$'\t0\tfaster\t0.9\t0.85\t0.95\tsame-blocks')
    declare -gA hs_conf=(["$a $b"]="ok slower 1.1 1.04 1.18 0 - - - -" ["$c $d"]="no same")
    hs_select_changes
    [ "${#hs_changes[@]}" -eq 1 ]
    [[ ${hs_changes[0]} == "$a"$'\t'"$b"$'\t'* ]]
    [ "${hs_changed["$b 0"]}" = slower ]
    [ "${#hs_unconfirmed[@]}" -eq 1 ]
    [[ ${hs_unconfirmed[0]} == "$c"$'\t'"$d"$'\t'* ]]
    # the other direction on fresh blocks is no confirmation
    hs_conf["$a $b"]="ok faster 0.9 0.85 0.95 0 - - - -"
    hs_select_changes
    [ "${#hs_changes[@]}" -eq 0 ]
    [ "${#hs_unconfirmed[@]}" -eq 2 ]
    # results.json's pair: a change only when confirmed; with a load, idle same: only under load
    hs_conf["$a $b"]="ok slower 1.1 1.04 1.18 0 same 1.0 0.97 1.03"
    [ "$(hs_pair_json "${hs_pair_rows[0]}" | jq -c '[.change, .confirmation.verdict, .confirmation.idle.verdict, .only_under_load]')" = '[true,"slower","same",true]' ]
    [ "$(hs_pair_json "${hs_pair_rows[2]}" | jq -c '[.differ, .change, .confirmation.verdict]')" = '[true,false,"same"]' ]
    [ "$(hs_pair_json "${hs_pair_rows[1]}" | jq -c '[.differ, .change, .confirmation]')" = '[false,false,null]' ]
}

@test "history: bad input is one line and exit 2, nothing made or changed" {
    history tiny 4 2
    mkdir "$BATS_TEST_TMPDIR/plain"
    run bash "$H/history.sh" --repo "$BATS_TEST_TMPDIR/plain" --revs a..b --build true --run true --out "$O"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"is not a git repository"* ]]
    hist --revs HEAD~3..nosuchrev
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"'nosuchrev' is not a commit"* ]]
    hist --revs HEAD..HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"an empty range"* ]]
    hist --revs HEAD..HEAD~2
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"an empty range"* ]]
    hist --revs HEAD~3
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"expected A..B"* ]]
    hist --revs HEAD~3..HEAD --every 4
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"leave only the baseline"* ]]
    hist --revs HEAD~3..HEAD --good HEAD
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"unknown option '--good'"* ]]
    [ ! -e "$O" ]
    # an --out of another job, or a history of another baseline: kept as it is
    mkdir "$O"
    printf 'job=threads\n' >"$O/meta.txt"
    hist --revs HEAD~3..HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"holds something other than a history"* ]]
    printf 'job=history\n' >"$O/meta.txt"
    git -C "$R" rev-parse HEAD~2 >"$O/baseline.txt"
    hist --revs HEAD~3..HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"a history of the baseline"* ]]
    [ "$(find "$O" -mindepth 1 -printf '%f\n' | sort | tr '\n' ' ')" = "baseline.txt meta.txt " ]
}

@test "history: its options are the option table's rows: --help, ranges and COLDLOAD_* from the table, every range before what is missing" {
    run bash "$H/history.sh" --help
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "usage: harness/history.sh [--quick] [--out DIR] --repo DIR --revs A..B --build CMD --run CMD"* ]]
    # (one line of it: --help wraps at 100)
    [[ "$(tr -s ' \n' '  ' <<<"$output")" == *"(1..9999; default 1)"* ]]
    [[ $output == *"COLDLOAD_AB_TOTAL"* ]]
    run bash "$H/history.sh" --out "$O" --every 10000
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"--every: expected an integer in 1..9999, got '10000' (see harness/history.sh --help)" ]]
    run bash "$H/history.sh" --out "$O" --total 0
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--total: expected a number of seconds, > 0 and <= 604800, got '0'"* ]]
    # ab.sh's variable of --total is history's too (a flag wins)
    run env COLDLOAD_AB_TOTAL=x bash "$H/history.sh" --out "$O"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"--total: expected a number of seconds"*"got 'x'"* ]]
    run env COLDLOAD_AB_TOTAL=x bash "$H/history.sh" --out "$O" --total 5
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--repo DIR is required"* ]]
    [ ! -e "$O" ]
}

@test "history: a repository with submodules is refused, one line, exit 2" {
    history tiny 4 2
    printf '[submodule "x"]\n\tpath = x\n\turl = ../x\n' >"$R/.gitmodules"
    git -C "$R" add .gitmodules
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m submodules
    hist --revs HEAD~3..HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"submodules"* ]]
    [ ! -e "$O" ]
}

@test "history: SIGINT mid-build: exit 130, the build stopped, no worktree left, the repository the same" {
    history tiny 4 2
    snapshot "$BATS_TEST_TMPDIR/before"
    env --default-signal=INT bash "$H/history.sh" --repo "$R" --revs HEAD~3..HEAD --build "sleep 7.47" \
        --run "{src}/prog" --out "$O" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for pgrep -f '^sleep 7.47'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    run pgrep -f '^sleep 7.47'
    [ "$status" -eq 1 ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    [ -z "$(find "$O" -name prog)" ]
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

@test "history: SIGINT mid-run (the ab job): exit 130, no run left, no worktree left, the repository the same" {
    # prog: quick the first time (the check run), 7.63 s every run after
    mkdir "$R"
    git -C "$R" init --quiet
    printf '#!/bin/sh\nd=$(dirname "$0")\nif [ -e "$d/checked" ]; then sleep 7.63; fi\ntouch "$d/checked"\necho done\n' >"$R/prog"
    chmod +x "$R/prog"
    git -C "$R" add -A
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m one
    echo two >"$R/notes.txt"
    git -C "$R" add -A
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m two
    snapshot "$BATS_TEST_TMPDIR/before"
    env --default-signal=INT bash "$H/history.sh" --repo "$R" --revs HEAD~1..HEAD --build "true" \
        --run "{src}/prog" --out "$O" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for pgrep -f '^sleep 7.63'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    sleep 0.5
    run pgrep -f 'sleep 7.63'
    [ "$status" -eq 1 ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    [ -z "$(find "$O" -name prog)" ]
    [ -d "$O/ab/01" ]
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

@test "make history: REPO, REVS, BUILD, RUN and EVERY are never pasted into a shell line (make -n: named)" {
    run make -s -n -C "$ROOT" history REPO=/x REVS="a..b' ; touch $BATS_TEST_TMPDIR/X ; echo '" BUILD="true' ; touch $BATS_TEST_TMPDIR/X ; echo '" RUN="prog it's \$1" EVERY='2;x'
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/history.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh bash harness/history.sh --repo "$COLDLOAD_MAKE_REPO" --revs "$COLDLOAD_MAKE_REVS"'* ]]
    [[ $line == *'--build "$COLDLOAD_MAKE_BUILD" --run "$COLDLOAD_MAKE_RUN"'* ]]
    [[ $line == *'--every "$COLDLOAD_MAKE_EVERY"'* ]]
    [[ $line != *touch* ]]
    [[ $line != *"it's"* ]]
}
