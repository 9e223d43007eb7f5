#!/usr/bin/env bats
# tests/setup/deps.bats -- mk/deps.txt lists each package once, and
# tests/deps.sh picks the jobs' packages from it: the main job (`make deps`)
# gets no browser, `make test` gets chromium.

# shellcheck disable=SC2030,SC2031,SC2154

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
DEPS=$ROOT/tests/deps.sh

@test "every package is listed once, each with at least one job" {
    run awk '!/^#/ && NF { n[$1]++; if (NF < 2) print "no job: " $1 } END { for (p in n) if (n[p] > 1) print "twice: " p }' \
        "$ROOT/mk/deps.txt"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "the main job's packages (build report): the toolchain, the harness tools, gnuplot, no chromium" {
    run bash "$DEPS" --list build report
    [ "$status" -eq 0 ]
    for p in gcc libopenblas-dev stress-ng hyperfine gnuplot-nox; do
        [[ $'\n'$output$'\n' == *$'\n'$p$'\n'* ]] || { echo "no $p"; return 1; }
    done
    [[ $'\n'$output$'\n' != *$'\n'chromium$'\n'* ]]
    [[ $'\n'$output$'\n' != *$'\n'bats$'\n'* ]]
}

@test "make test's packages (build test) add chromium, bats and cmocka, once each" {
    run bash "$DEPS" --list build test
    [ "$status" -eq 0 ]
    for p in chromium bats libcmocka-dev shellcheck stress-ng gcc; do
        [ "$(grep -cx "$p" <<<"$output")" -eq 1 ] || { echo "$p not once"; return 1; }
    done
}

@test "an unknown job: exit 2 naming it, nothing listed" {
    run bash "$DEPS" --list build nosuchjob
    [ "$status" -eq 2 ]
    [[ $output == *"no job 'nosuchjob'"* ]]
    [ "${#lines[@]}" -eq 1 ]
}

@test "make deps asks for the build and report jobs only" {
    run make -s -n -C "$ROOT" deps
    [ "$status" -eq 0 ]
    [[ $output == *"tests/deps.sh build report"* ]]
}

@test "make fuzz and make fuzz-compare install the fuzz job's packages (no unset variable)" {
    for t in fuzz fuzz-compare; do
        run make -s -n -C "$ROOT" "$t"
        [ "$status" -eq 0 ]
        [[ $'\n'$output$'\n' == *$'\n'"bash tests/deps.sh build fuzz"$'\n'* ]] || { echo "$t: $output"; return 1; }
    done
    # and that job lists clang
    run bash "$DEPS" --list build fuzz
    [ "$status" -eq 0 ]
    [[ $'\n'$output$'\n' == *$'\n'clang$'\n'* ]]
}
