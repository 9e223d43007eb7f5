#!/usr/bin/env bats
# tests/harness/options.bats -- the harness options' one table
# (harness/lib/opttable.sh): its rows are well formed, docs/options.md
# holds it as it is, each script's --help lists exactly its rows with their
# defaults, and each range a row states is the one the script refuses outside.
# The table is read here with awk, not with the harness's own code.
# (the cases under a long real load: tests/long/options.bats, make test-long)

load helpers
load opttable

@test "the option table: nine fields a row, known checks, one row per flag and script" {
    local n
    n=$(rows | wc -l)
    [ "$n" -gt 30 ]
    run bash -c "$(declare -f rows); H=$H; rows | awk -F'|' 'NF != 9 { print NR \": \" NF \" fields\" }'"
    [ "$status" -eq 0 ]
    [ -z "$output" ] || { echo "$output"; false; }
    run bash -c "$(declare -f rows); H=$H; rows | awk -F'|' '\$8 !~ /^(int|num|ints|share|cpus|factor):[0-9.]+:[0-9.]+\$|^enums?:[a-z,]+\$|^path\$|^str\$|^switch(:[01])?\$/ { print \$1 \": check \" \$8 }'"
    [ "$status" -eq 0 ]
    [ -z "$output" ] || { echo "$output"; false; }
    for s in $SCRIPTS; do
        run bash -c "$(declare -f rows flags_of); H=$H; flags_of $s | uniq -d"
        [ "$status" -eq 0 ]
        [ -z "$output" ] || { echo "$s has more than one row of: $output"; false; }
    done
}

@test "docs/options.md's harness table is the option table (make options-doc)" {
    run bash "$H/optdoc.sh" --check "$ROOT/docs/options.md"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # and the check sees a change
    sed 's/^| `--copies K` | cold | 5 |/| `--copies K` | cold | 6 |/' "$ROOT/docs/options.md" >"$BATS_TEST_TMPDIR/options.md"
    run cmp -s "$ROOT/docs/options.md" "$BATS_TEST_TMPDIR/options.md"
    [ "$status" -eq 1 ]
    run bash "$H/optdoc.sh" --check "$BATS_TEST_TMPDIR/options.md"
    [ "$status" -eq 1 ]
    [[ $output == *"run make options-doc"* ]]
}

@test "defaults from the table reach the run: warm --dry-run plans 3 to 7 processes a cell, QUICK 3; --max-procs and COLDLOAD_MAX_PROCS move it" {
    run env -u COLDLOAD_QUICK -u COLDLOAD_MAX_PROCS -u COLDLOAD_PROCS bash "$H/warm.sh" --dry-run --widths 1 --seed 1
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *" 3-7 processes a cell"* ]]
    run env -u COLDLOAD_MAX_PROCS -u COLDLOAD_PROCS bash "$H/warm.sh" --dry-run --widths 1 --seed 1 --quick
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *" 3-3 processes a cell"* || ${lines[0]} == *" 3 processes a cell"* ]] || { echo "${lines[0]}"; false; }
    run env -u COLDLOAD_QUICK COLDLOAD_MAX_PROCS=5 bash "$H/warm.sh" --dry-run --widths 1 --seed 1
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *" 3-5 processes a cell"* ]]
    run env -u COLDLOAD_QUICK COLDLOAD_MAX_PROCS=5 bash "$H/warm.sh" --dry-run --widths 1 --seed 1 --max-procs 4
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *" 3-4 processes a cell"* ]]
}

@test "report.sh hands its flags to cold, warm, loaded and firstrun: each of them takes every one (used or ~accepted)" {
    local f s
    for f in $(flags_of report); do
        case $f in --scan | --no-scan) continue ;; esac   # report.sh's own
        for s in cold warm loaded firstrun; do
            flags_of "$s" | grep -qxF -- "$f" || { echo "report.sh takes $f, $s.sh has no row (nor ~$s) for it"; false; }
        done
    done
}
