#!/usr/bin/env bats
# tests/report/injection.bats -- a results directory is shared (compare,
# Slurm, docker volumes), so every string in it is hostile on its way into
# gnuplot: a meta.txt host= or cpu_model=, a compare --label, a scan
# workload's file name holding `touch FILE` (gnuplot runs backticks in
# double-quoted strings) or a quote that ends a string must stay text.
# Each test checks the command did not run, and that the chart was drawn
# with the text in its title or key.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
    type -P gnuplot >/dev/null || skip "gnuplot is not installed"
    D=$BATS_TEST_TMPDIR/evil
    fixture_copy "$D"
    P=$BATS_TEST_TMPDIR/PWNED
}

# set_meta KEY VALUE: replaces KEY's line of D's meta.txt.
set_meta() {
    grep -v "^$1=" "$D/meta.txt" >"$D/meta.new"
    printf '%s=%s\n' "$1" "$2" >>"$D/meta.new"
    mv "$D/meta.new" "$D/meta.txt"
}

@test "a host= with a backtick command in meta.txt does not run it under plots.sh" {
    set_meta host "h\`touch $P\`"
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 0 ]
    [ ! -e "$P" ]
    grep -qF "h\`touch $P\`" "$D/plots/first_vs_steady.svg"
}

@test "a cpu_model= with a backtick command or a quote does not run it under plots.sh" {
    set_meta cpu_model "x' . system('touch $P') . '\`touch $P\`\" \\"
    run bash "$ROOT/harness/plots.sh" --results "$D"
    [ "$status" -eq 0 ]
    [ ! -e "$P" ]
    [ -s "$D/plots/cold_start.png" ]
}

@test "a compare --label with a backtick command does not run it" {
    [ -x "$ROOT/build/coldload-compare" ] || skip "build/coldload-compare is not built (make)"
    cp -r "$D" "$BATS_TEST_TMPDIR/B"
    run bash "$ROOT/harness/compare.sh" --out "$BATS_TEST_TMPDIR/o" --label "x\`touch $P\`" --label "y'" "$D" "$BATS_TEST_TMPDIR/B"
    [ "$status" -eq 0 ]
    [ ! -e "$P" ]
    grep -qF "x\`touch $P\`" "$BATS_TEST_TMPDIR/o/plots/compare.svg"
    grep -qF "y&#39;" "$BATS_TEST_TMPDIR/o/plots/compare.svg" || grep -qF "y'" "$BATS_TEST_TMPDIR/o/plots/compare.svg"
}

@test "a scan workload whose file name holds a quote and a command does not run it" {
    S=$BATS_TEST_TMPDIR/scan
    cp -r "$ROOT/tests/fixtures/results-scan" "$S"
    # coldload-scan's heatmap of the scan fixture, under a hostile workload
    # name (gnuplot runs in the scan directory: a relative touch lands there)
    "$ROOT/build/coldload-scan" "$S" >/dev/null
    f=$(find "$S/scan" -name 'heatmap-*.dat' | head -n1)
    [ -n "$f" ]
    mv "$f" "$S/scan/heatmap-w';system('touch PWNED');'.dat"
    run bash -c 'CL_ROOT=$1; . "$1/harness/lib/all.sh"; . "$1/harness/lib/scan.sh"; scan_plots "$2"' _ "$ROOT" "$S/scan"
    [ ! -e "$S/scan/PWNED" ]
    [ "$status" -eq 0 ]
    [ -s "$S/scan/heatmap-w';system('touch PWNED');'.png" ]
}

# plant DIR NAME...: DIR/NAME.tmp, the old fixed temporary names, as symlinks
# to a victim file another user could not write (root's coldload-summarize
# DIR would overwrite the target through them).
plant() {
    local dir=$1 n
    shift
    V=$BATS_TEST_TMPDIR/victim
    echo precious >"$V"
    mkdir -p "$dir"
    for n in "$@"; do ln -sf "$V" "$dir/$n.tmp"; done
}

@test "coldload-summarize never writes through a planted <file>.tmp symlink; its files are readable" {
    mkdir -p "$D/plots"
    plant "$D" summary.csv verdicts.txt report.html report.md
    plant "$D/plots" labels.gp first_vs_steady.dat idle_vs_loaded.dat cold_start.dat trg.dat placement.dat firstrun.dat
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    [ "$(cat "$V")" = precious ]
    [ -s "$D/verdicts.txt" ]
    [ ! -L "$D/verdicts.txt" ]
    [ "$(stat -c %a "$D/summary.csv")" = "$(printf '%o' $((0666 & ~$(umask))))" ]
    # and no temporary file is left beside them
    run find "$D" -name '.*.??????'
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "coldload-compare and coldload-scan never write through a planted <file>.tmp symlink" {
    cp -r "$D" "$BATS_TEST_TMPDIR/B"
    O=$BATS_TEST_TMPDIR/o
    plant "$O" compare.csv compare.md compare.html
    plant "$O/plots" compare.dat compare_labels.gp
    run "$ROOT/build/coldload-compare" --out "$O" "$D" "$BATS_TEST_TMPDIR/B"
    [ "$status" -eq 0 ]
    [ "$(cat "$V")" = precious ]
    S=$BATS_TEST_TMPDIR/scan
    cp -r "$ROOT/tests/fixtures/results-scan" "$S"
    plant "$S/scan" heatmap.csv wait.csv verdict.txt
    run "$ROOT/build/coldload-scan" "$S"
    [ "$status" -eq 0 ]
    [ "$(cat "$V")" = precious ]
    [ -s "$S/scan/verdict.txt" ]
}
