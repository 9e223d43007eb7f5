#!/usr/bin/env bats
# tests/harness/bisect.bats -- make bisect (harness/bisect.sh) on histories
# made by tests/harness/progs/bisect_history.sh: the user's repository the
# same after SIGINT mid-build and mid-run, bad input one line and exit 2,
# make's values never pasted into a shell line; the chart (plots/bisect.*)
# of a two-commit search, its hostile subjects gnuplot strings. The whole searches (the
# commit of a change found, a commit that does not build gone around, a
# BUILD's daemon, a history of one code naming no commit -- a statistical
# answer, asked alone on the machine): tests/long/bisect.bats.

load helpers
load bisect

@test "bisect: bad input is one line and exit 2, nothing made" {
    history tiny 4 2
    mkdir "$BATS_TEST_TMPDIR/plain"
    run bash "$H/bisect.sh" --repo "$BATS_TEST_TMPDIR/plain" --good a --bad b --build true --run true --out "$O"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"is not a git repository"* ]]
    bisect --good HEAD~3 --bad nosuchrev
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"'nosuchrev' is not a commit"* ]]
    bisect --good HEAD --bad HEAD~3
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"is not an ancestor of --bad"* ]]
    bisect --good '--upload-pack=touch' --bad HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"--good needs a value, got the flag '--upload-pack=touch'"* ]]
    bisect --good -n --bad HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"starting with '-'"* ]]
    bisect --good HEAD~3 --bad HEAD --load heavy
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--load: expected none, pinned or free"* ]]
    run bash "$H/bisect.sh" --repo "$R" --good HEAD~3 --bad HEAD --run "{src}/prog" --out "$O"
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--build CMD is required"* ]]
    [ ! -e "$O" ]
}

@test "bisect: its options are the option table's rows: --help, ranges and COLDLOAD_* from the table, every range before what is missing" {
    run bash "$H/bisect.sh" --help
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "usage: harness/bisect.sh [--quick] [--out DIR] --repo DIR --good REV --bad REV --build CMD --run CMD"* ]]
    # (one line of it: --help wraps at 100)
    [[ "$(tr -s ' \n' '  ' <<<"$output")" == *"(1..604800; default 600)"* ]]
    [[ $output == *"Environment (a flag wins): COLDLOAD_QUICK"* ]]
    # a value outside its row's range: the table's line, before --repo is missing
    run bash "$H/bisect.sh" --out "$O" --max-procs 501
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"--max-procs: expected an integer in 8..500, got '501' (see harness/bisect.sh --help)" ]]
    run bash "$H/bisect.sh" --out "$O" --build-cap 1.5
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--build-cap: expected an integer in 1..604800, got '1.5'"* ]]
    # a value from the environment is checked as its flag's
    run env COLDLOAD_LOAD=heavy bash "$H/bisect.sh" --out "$O"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"--load: expected none, pinned or free, got 'heavy'"* ]]
    # history's own flags are not bisect's
    run bash "$H/bisect.sh" --out "$O" --every 2
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"unknown option '--every'"* ]]
    [ ! -e "$O" ]
}

@test "bisect: a repository with submodules is refused, one line, exit 2" {
    history tiny 4 2
    printf '[submodule "x"]\n\tpath = x\n\turl = ../x\n' >"$R/.gitmodules"
    git -C "$R" add .gitmodules
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m submodules
    bisect --good HEAD~3 --bad HEAD
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"submodules"* ]]
    [ ! -e "$O" ]
}

@test "bisect: SIGINT mid-build: exit 130, the build stopped, no worktree left, the repository the same" {
    history tiny 4 2
    snapshot "$BATS_TEST_TMPDIR/before"
    env --default-signal=INT bash "$H/bisect.sh" --repo "$R" --good HEAD~3 --bad HEAD --build "sleep 7.43" \
        --run "{src}/prog" --out "$O" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for pgrep -f '^sleep 7.43'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    run pgrep -f '^sleep 7.43'
    [ "$status" -eq 1 ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    [ -z "$(find "$O" -name prog)" ]
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

@test "bisect: SIGINT mid-run (an ab.sh comparison): exit 130, no run left, no worktree left, the repository the same" {
    # prog: quick the first time (the check run), 7.61 s every run after
    mkdir "$R"
    git -C "$R" init --quiet
    printf '#!/bin/sh\nd=$(dirname "$0")\nif [ -e "$d/checked" ]; then sleep 7.61; fi\ntouch "$d/checked"\necho done\n' >"$R/prog"
    chmod +x "$R/prog"
    printf 'true\n' >"$R/build.sh"
    git -C "$R" add -A
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m one
    echo two >"$R/notes.txt"
    git -C "$R" add -A
    git -C "$R" -c user.name=t -c user.email=t@example.invalid commit --quiet -m two
    snapshot "$BATS_TEST_TMPDIR/before"
    env --default-signal=INT bash "$H/bisect.sh" --repo "$R" --good HEAD~1 --bad HEAD --build "sh {src}/build.sh" \
        --run "{src}/prog" --out "$O" >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    local pid=$! rc=0
    wait_for pgrep -f '^sleep 7.61'
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/log"; false; }
    sleep 0.5
    run pgrep -f 'sleep 7.61'
    [ "$status" -eq 1 ]
    [ -z "$(find "$O" -maxdepth 1 -name '.tmp.*')" ]
    [ -z "$(find "$O" -name prog)" ]
    [ -d "$O/ab" ]
    snapshot "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

@test "make bisect: REPO, GOOD, BAD, BUILD and RUN are never pasted into a shell line (make -n: named)" {
    run make -s -n -C "$ROOT" bisect REPO=/x GOOD=a BAD=b BUILD="true' ; touch $BATS_TEST_TMPDIR/X ; echo '" RUN="prog it's \$1"
    [ "$status" -eq 0 ]
    line=$(grep -F 'harness/bisect.sh' <<<"$output")
    [[ $line == 'bash mk/run.sh bash harness/bisect.sh --repo "$COLDLOAD_MAKE_REPO" --good "$COLDLOAD_MAKE_GOOD"'* ]]
    [[ $line == *'--build "$COLDLOAD_MAKE_BUILD" --run "$COLDLOAD_MAKE_RUN"'* ]]
    [[ $line != *touch* ]]
    [[ $line != *"it's"* ]]
}

@test "bisect: the chart -- the commits probed in range order, each comparison's ratio and 99% interval, the change at its commit; a hostile subject a gnuplot string, data never code; a precision too coarse for same warned of" {
    HOSTILE=1 history tiny 2 1
    local c0 c1 sub want dat=$O/plots/bisect.dat
    c0=$(git -C "$R" rev-parse HEAD~1)
    c1=$(git -C "$R" rev-parse HEAD)
    sub=$(git -C "$R" log -1 --format=%s HEAD)
    bisect --good HEAD~1 --bad HEAD --precision 0.1
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"coldload bisect: warning: --precision 0.1: a comparison stops once B/A is known to +-0.1, but says same only when"* ]]
    grep -q '^warning=bisect: --precision 0.1: ' "$O/meta.txt"
    [ "$(jq -r '.answers[0].changes[0].commit' "$O/results.json")" = "$c1" ]
    # the commits probed, in range order (gnuplot blocks: blank lines apart)
    run awk 'BEGIN { RS = ""; FS = "\n" } NR == 1 { for (i = 1; i <= NF; i++) print $i }' "$dat"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'x index tick state\n0 0 %s ok\n1 1 %s ok' "${c0:0:8}" "${c1:0:8}")" ]
    # each comparison of bisect.tsv (the search, the confirmation): its ratio and interval, at its commits
    run awk 'BEGIN { RS = ""; FS = "\n" } NR == 2 { for (i = 2; i <= NF; i++) { split($i, f, " "); print f[1], f[2], f[3], f[4], f[6], f[7], f[8], f[9] } }' "$dat"
    [ "$status" -eq 0 ]
    [ "$output" = "$(awk -F'\t' 'NR > 1 { print $1, $2, 0, 1, $7, $8, $9, $10 }' "$O/bisect.tsv")" ]
    [ "${#lines[@]}" -eq 2 ]
    # the change at its commit (x 1), the confirmation's ratio
    [ "$(awk 'BEGIN { RS = ""; FS = "\n" } NR == 3 { split($2, f, " "); print f[1], f[2] }' "$dat")" = "1 $(jq -r '.answers[0].changes[0].ratio' "$O/results.json")" ]
    # the report shows it
    grep -qF '](plots/bisect.png)' "$O/report.md"
    command -v gnuplot >/dev/null || skip "gnuplot is not installed: the chart itself not drawn"
    [ -s "$O/plots/bisect.png" ]
    [ -s "$O/plots/bisect.svg" ]
    [ ! -s "$O/logs/gnuplot-bisect.out" ]
    # the subject as gnuplot reads it: one string, whole (its quotes and backslashes a '), never run
    run gnuplot -e "set datafile columnheaders; stats '$dat' index 2 using (s = stringcolumn('label'), 0) nooutput; print s"
    [ "$status" -eq 0 ]
    want="${c1:0:12} ${sub:0:300}"
    want=${want//\"/\'}
    want=${want//\\/\'}
    [ "$output" = "$want" ]
    [[ $output == *"set output '/tmp/x.png'; plot 'x'"* ]]
    [ ! -e /tmp/x.png ]
    [ ! -e /tmp/bisect-pwned ]
    # drawn as text (SVG's escapes), its first 87 characters
    grep -qF "${c1:0:12} 1: &lt;script>alert(1)&lt;/script> &amp;amp; &lt;b>html" "$O/plots/bisect.svg"
}
