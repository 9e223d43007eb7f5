#!/usr/bin/env bats
# tests/setup/install.bats -- `make install` into a temporary DESTDIR gives a
# tree that runs (binaries on PATH, harnesses that find them, charts drawn
# from the installed plots/), and `make uninstall` removes all of it.

# bats sets status and output; each @test runs in its own subshell.
# shellcheck disable=SC2030,SC2031,SC2154

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

# One install for the file (the tests only read it), at a PREFIX that is not
# the default, so nothing may assume /usr/local.
setup_file() {
    export D=$BATS_FILE_TMPDIR/dest P=/opt/cl
    make -s -C "$ROOT" install DESTDIR="$D" PREFIX="$P" >"$BATS_FILE_TMPDIR/install.log" 2>&1
}

setup() {
    I=$D$P
    # Only the installed programs, and the system's tools, on PATH.
    PATH=$I/bin:/usr/bin:/bin
}

@test "the programs and coldload are installed in PREFIX/bin, executable" {
    for p in p28_timing ising_trg coldload-summarize coldload-evict coldload; do
        [ -f "$I/bin/$p" ]
        [ -x "$I/bin/$p" ]
    done
}

@test "an installed binary runs: p28_timing writes its documented CSV" {
    run p28_timing --workload grad --runs 1 --csv "$BATS_TEST_TMPDIR/s.csv"
    [ "$status" -eq 0 ]
    [[ $output == *"width 1: grad n=1000"* ]]
    [[ $(head -n1 "$BATS_TEST_TMPDIR/s.csv") == timestamp,host,run_id,workload,* ]]
}

@test "share/coldload/build links each program to bin/, relatively, and holds buildinfo.txt" {
    for p in p28_timing ising_trg coldload-summarize coldload-evict; do
        [ -L "$I/share/coldload/build/$p" ]
        [ "$(readlink "$I/share/coldload/build/$p")" = "../../../bin/$p" ]
    done
    grep -q '^compiler=.' "$I/share/coldload/build/buildinfo.txt"
    grep -q '^build_flags=.*-std=c11' "$I/share/coldload/build/buildinfo.txt"
    grep -q '^git_rev=.' "$I/share/coldload/build/buildinfo.txt"
}

@test "the installed harnesses answer --help, directly and through coldload" {
    run bash "$I/share/coldload/harness/report.sh" --help
    [ "$status" -eq 0 ]
    [[ $output == "usage: harness/report.sh"* ]]
    # every make target a user has (make report, cold, warm, loaded, plots,
    # compare, scan, firstrun, threads) is a coldload command
    for c in report cold warm loaded plots compare scan firstrun threads; do
        run coldload "$c" --help
        [ "$status" -eq 0 ] || { echo "coldload $c --help: exit $status"; return 1; }
        # (coldload cold is the cold starts and their report: coldreport.sh, cold.sh's help after its own)
        if [ "$c" = cold ]; then [[ $output == "usage: harness/coldreport.sh"* ]]; else [[ $output == "usage: harness/$c.sh"* ]]; fi
    done
}

@test "coldload warm: the part, then its directory's report, results/latest pointing there (as make warm)" {
    cd "$BATS_TEST_TMPDIR"
    run coldload warm --quick --procs 1 --widths 1
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    for f in report.html results.json hyperfine.json; do
        [ -s results/latest/$f ] || { echo "results/latest/$f missing"; false; }
    done
}

@test "every harness a user runs (harness/*.sh) is executable: in git, in the checkout, installed" {
    # the container runs them as files of the image (docker/entrypoint.sh), a
    # clone as git wrote them: a mode 100644 in git is a harness not executable
    if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
        run git -C "$ROOT" ls-files -s -- 'harness/*.sh'
        [ "$status" -eq 0 ]
        top=$(awk '$4 !~ /\/.*\// && $1 != "100755" { print $4 }' <<<"$output")
        [ -z "$top" ] || { echo "not mode 100755 in git: $top"; return 1; }
    fi
    for f in "$ROOT"/harness/*.sh; do
        [ -x "$f" ] || { echo "$f is not executable"; return 1; }
        [ -x "$I/share/coldload/harness/${f##*/}" ] || { echo "installed ${f##*/} is not executable"; return 1; }
    done
}

@test "coldload threads: the installed launcher and harness measure a program into ./results, with its report" {
    mkdir -p "$BATS_TEST_TMPDIR/work"
    cd "$BATS_TEST_TMPDIR/work"
    run coldload threads --quick --procs 1 --load pinned --widths 1 --binary true
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -s results/latest/report.md ]
    grep -qx 'job=threads' results/latest/meta.txt
    [ "$(awk -F, 'NR > 1 { print $8 }' results/latest/runs.csv | sort -u)" = ok ]
}

@test "coldload bisect: the installed harness answers --help, and refuses a directory that is no git repository (exit 2, one line)" {
    run coldload bisect --help
    [ "$status" -eq 0 ]
    [[ $output == *"--good"* ]]
    mkdir -p "$BATS_TEST_TMPDIR/work/notgit"
    cd "$BATS_TEST_TMPDIR/work"
    run coldload bisect --repo notgit --good HEAD~1 --bad HEAD --build true --run true
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"notgit"* ]]
    [ ! -e results ]
}

@test "coldload without a known command: usage and exit 2" {
    run coldload
    [ "$status" -eq 2 ]
    run coldload frobnicate
    [ "$status" -eq 2 ]
    [[ $output == *"unknown command 'frobnicate'"* ]]
    run coldload --help
    [ "$status" -eq 0 ]
    [[ $output == "usage: coldload COMMAND"* ]]
}

@test "coldload plots renders ./results/latest with the installed summarizer and plots/" {
    command -v gnuplot >/dev/null || skip "gnuplot missing (make deps-test)"
    mkdir -p "$BATS_TEST_TMPDIR/work/results"
    cp -r "$ROOT/tests/fixtures/results-small" "$BATS_TEST_TMPDIR/work/results/r1"
    ln -s r1 "$BATS_TEST_TMPDIR/work/results/latest"
    cd "$BATS_TEST_TMPDIR/work"
    run coldload plots
    [ "$status" -eq 0 ]
    [ -s results/r1/summary.csv ]
    [ -s results/r1/report.html ]
    [ -s results/r1/plots/cold_start.png ]
}

@test "coldload compare runs the installed comparison on two results directories" {
    command -v gnuplot >/dev/null || skip "gnuplot missing (make deps-test)"
    cp -r "$ROOT/tests/fixtures/results-small" "$BATS_TEST_TMPDIR/a"
    cp -r "$ROOT/tests/fixtures/results-small" "$BATS_TEST_TMPDIR/b"
    run coldload compare --out "$BATS_TEST_TMPDIR/o" "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
    [ "$status" -eq 0 ]
    [ -s "$BATS_TEST_TMPDIR/o/compare.md" ]
    [ -s "$BATS_TEST_TMPDIR/o/plots/compare.png" ]
}

@test "make uninstall removes every installed file and link" {
    cp -a "$D" "$BATS_TEST_TMPDIR/dest"
    make -s -C "$ROOT" uninstall DESTDIR="$BATS_TEST_TMPDIR/dest" PREFIX="$P"
    run find "$BATS_TEST_TMPDIR/dest" -type f -o -type l
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    [ ! -e "$BATS_TEST_TMPDIR/dest$P/share/coldload" ]
}
