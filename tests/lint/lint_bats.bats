#!/usr/bin/env bats
# tests/lint/lint_bats.bats -- tests/lint-bats.sh: each form bats cannot fail
# on is found, named at its line (a bare `!`, an `&&` chain before a test's
# last line, `[ -z "$(col ...)" ]`, run's output read before its status, a
# skip naming nothing to install, and
# the findings of shellcheck), and the forms that do check are left alone.

bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
LINT=$ROOT/tests/lint-bats.sh

# lint SNIPPET: tests/lint-bats.sh over a .bats file holding SNIPPET (the
# snippets are quoted: to the lint of this file, text)
lint() {
    F=$BATS_TEST_TMPDIR/t.bats
    printf '#!/usr/bin/env bats\n%s\n' "$1" >"$F"
    run bash "$LINT" "$F"
}

@test "a bare ! line is found, first line or last" {
    lint $'@test "a" {\n    ! grep -q x /etc/hostname\n    true\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:3: a bare ! checks nothing"* ]]
    lint $'@test "a" {\n    true\n    ! grep -q x /etc/hostname\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:4: a bare ! checks nothing"* ]]
}

@test "an && chain before the last line is found; on the last line, in quotes, in [[ ]], \$() or an if it is not" {
    lint $'@test "a" {\n    [ 1 = 1 ] && [ 2 = 2 ]\n    true\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:3: an && chain before the last line"* ]]
    # a chain inside a loop is before the last line too
    lint $'@test "a" {\n    for i in 1 2; do\n        [ "$i" -gt 0 ] && [ "$i" -lt 3 ]\n    done\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:4: an && chain"* ]]
    # a continued line is one statement: its chain found at its first line
    lint $'@test "a" {\n    awk \'NR > 1 && 1\' /etc/hostname \\\n        >x && mv x y\n    true\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:3: an && chain"* ]]
    lint $'@test "a" {\n    true\n    [ "$x" = 1 ] && [ "$y" = 2 ]\n}'
    [ "$status" -eq 0 ]
    lint $'@test "a" {\n    grep -q "a && b" /etc/hostname || true\n    awk \'NR > 1 && $1 == 2\' /etc/hostname\n    [[ -n $x && -n $y ]]\n    x=$(true && echo y)\n    if [ "$x" = 1 ] && [ "$y" = 2 ]; then true; fi\n    true\n}'
    [ "$status" -eq 0 ]
    # a heredoc's text is data
    lint $'@test "a" {\n    cat <<EOF\na && b\n! c\nEOF\n    true\n}'
    [ "$status" -eq 0 ]
}

@test "[ -z \"\$(col ...)\" ] is found" {
    lint $'@test "a" {\n    [ -z "$(col runs.csv x)" ]\n    true\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:3: [ -z \"\$(col ...)\" ] passes when the column is missing"* ]]
}

@test "run's output read before its status is found; after a status check, run -N or run !, or echoed, it is not" {
    lint $'@test "a" {\n    run true\n    [ "$output" = "" ]\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:4: reads the output of run before its \$status"* ]]
    lint $'@test "a" {\n    run true\n    [[ ${lines[0]} == x ]]\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:4: reads the output of run before its \$status"* ]]
    lint $'@test "a" {\n    run true\n    echo "$output"\n    [ "$status" -eq 0 ]\n    [ "$output" = "" ]\n    run -0 true\n    [ "$output" = "" ]\n    run ! false\n    [ "$output" = "" ]\n}'
    [ "$status" -eq 0 ]
}

@test "a skip naming nothing to install is found; one naming a package or make target, guarding root, or saying skip-ok is not" {
    lint $'@test "a" {\n    command -v xz >/dev/null || skip "xz"\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"t.bats:3: a skip that names nothing to install"* ]]
    lint $'@test "a" {\n    command -v xz >/dev/null || skip "xz is not installed (apt-get install xz-utils)"\n    [ -x build/x ] || skip "build it first (make)"\n    [ "$(id -u)" = 0 ] || skip "needs root"\n    # skip-ok: root mounts a tmpfs on any Linux\n    mount -t tmpfs none /mnt || skip "cannot mount"\n}'
    [ "$status" -eq 0 ]
}

@test "shellcheck's findings in a .bats file are counted" {
    lint $'@test "a" {\n    x=`pwd`\n    [ "$x" = y ]\n}'
    [ "$status" -eq 1 ]
    [[ $output == *"[SC2006]"* ]]
    [[ $output == *"lint-bats: 1 findings"* ]]
}

@test "a clean file: 0 findings; a file that is not there is a usage error (make lint-bats runs it over the tree)" {
    lint $'@test "a" {\n    run ! grep -q x /etc/hostname\n    [[ ! -e /nonexistent ]]\n    [ "$status" -eq 1 ]\n}'
    [ "$status" -eq 0 ]
    [ "$output" = "lint-bats: 0 findings in 1 files" ]
    run bash "$LINT" "$BATS_TEST_TMPDIR/none.bats"
    [ "$status" -eq 2 ]
    [ "$output" = "lint-bats: $BATS_TEST_TMPDIR/none.bats: no such file" ]
}
