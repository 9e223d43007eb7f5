#!/usr/bin/env bats
# tests/cli/ising_trg.bats -- ising_trg's command line: every rejected option
# value exits 2 with one line naming the option, prints nothing on stdout and
# writes no CSV; a small run prints the page-format lines and p28_timing's
# CSV rows (workload trg, params beta=..;chi=..;steps=..); --value-only,
# --budget and --width auto as documented.

# bats sets status, output and stderr_lines; each @test runs in its own subshell.
# shellcheck disable=SC2030,SC2031,SC2154
load helpers

# One small run (two betas, 1 first + 2 steady each), shared by the tests
# that read its line and rows.
setup_file() {
    local bin=$BATS_TEST_DIRNAME/../../build/ising_trg
    [ -x "$bin" ] || return 0
    "$bin" --beta 0.3,0.55 --chi 4 --steps 6 --runs 2 --svd-time --csv "$BATS_FILE_TMPDIR/a.csv" \
        --tag run=cli >"$BATS_FILE_TMPDIR/out"
}

setup() {
    need_binary ising_trg
    T=$B/ising_trg
    A=$BATS_FILE_TMPDIR/a.csv
}

@test "--beta rejects 0, negatives, words, empty items, other separators, > 100, nan, inf, spaces, overflow" {
    for v in 0 -0.3 abc '' '0.3,,0.4' '0.3,' ',0.3' '0.3;0.4' 100.5 nan inf ' 0.3' '0.3 ' 1e999; do
        rejects "$T" --beta --beta "$v"
    done
}

@test "--beta rejects 65 values (64 at most)" {
    rejects "$T" --beta --beta="$(printf '0.1,%.0s' {1..64})0.1"
}

@test "--chi outside 2..64 and --steps outside 1..40 are rejected, as are non-integers" {
    for v in 1 65 x '' 2.5 -16; do rejects "$T" --chi --chi "$v"; done
    for v in 0 41 2.5 x; do rejects "$T" --steps --steps "$v"; done
}

@test "--runs, --width, --wait and --budget reject values outside their ranges" {
    for v in 0 -1 x; do rejects "$T" --runs --runs "$v"; done
    for v in 0 257 abc; do rejects "$T" --width --width "$v"; done
    rejects "$T" --wait --wait fast
    for v in -1 x; do rejects "$T" --budget --budget "$v"; done
}

@test "--tag rejects a missing '=', a numeric-led key, a column name, an empty key, a repeated key" {
    for v in bad 1x=2 width=3 =v; do rejects "$T" --tag --tag "$v"; done
    rejects "$T" --tag --tag k=1 --tag k=2
}

@test "an option without its value, and an unknown option, are named" {
    rejects "$T" --beta --chi 4 --beta
    rejects "$T" --frobnicate --frobnicate
}

@test "an unwritable --csv path: exit 2, one stderr line" {
    run --separate-stderr "$T" --csv "$BATS_TEST_TMPDIR/no/such/dir/x.csv" --steps 1
    [ "$status" -eq 2 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
}

@test "--help: usage on stdout, exit 0, every own option listed" {
    run "$T" --help
    [ "$status" -eq 0 ]
    for o in --beta --chi --steps --value-only --svd-time --width --wait --runs --csv --tag --budget; do
        [[ $output == *"$o"* ]] || { echo "--help does not mention $o"; return 1; }
    done
}

@test "a small run prints one page-format line per beta: lnZ/N, dlnZ/dbeta, exact, times, dgesdd" {
    local b
    run grep -v '^#' "$BATS_FILE_TMPDIR/out"
    [ "${#lines[@]}" -eq 2 ]
    for b in 0.3000 0.5500; do
        grep -Eq "^beta=$b lnZ/N=$NUM dlnZ/dbeta=$NUM exact=$NUM $NUM \| first $NUM \| value_and_grad $NUM ms \| dgesdd $NUM ms$" \
            "$BATS_FILE_TMPDIR/out"
    done
}

@test "the CSV has p28_timing's columns plus the tag, and header + 6 rows" {
    head -n1 "$A" | grep -q ',truncated,cpu,cpus,migrations,width_requested,censored,run$'
    [ "$(wc -l <"$A")" -eq 7 ]
}

@test "every row: workload trg, width 1, wait block, not truncated, width_requested 1, the tag" {
    run awk -F, 'NR > 1 && !($4 == "trg" && $6 == 1 && $7 == "block" && $18 == 0 && $22 == 1 && $23 == 0 && $24 == "cli")' "$A"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "each beta's rows are first 0, steady 1, steady 2 and share one 16-hex checksum" {
    local p
    for p in 'beta=0.3;chi=4;steps=6' 'beta=0.55;chi=4;steps=6'; do
        [ "$(awk -F, -v p="$p" '$5 == p { printf "%s%s ", $8, $9 }' "$A")" = "first0 steady1 steady2 " ]
        [[ $(awk -F, -v p="$p" '$5 == p { print $17 }' "$A" | sort -u) =~ ^[0-9a-f]{16}$ ]]
    done
}

@test "a rejected second invocation leaves the existing rows alone" {
    cp "$A" "$BATS_TEST_TMPDIR/a.csv"
    run "$T" --csv "$BATS_TEST_TMPDIR/a.csv" --chi 99
    [ "$status" -eq 2 ]
    cmp "$A" "$BATS_TEST_TMPDIR/a.csv"
}

@test "--value-only: no derivative on the line, value_only=1 in params, the same lnZ/N as value_and_grad" {
    local v=$BATS_TEST_TMPDIR/v.csv
    run "$T" --beta 0.3 --chi 4 --steps 6 --runs 1 --value-only --csv "$v"
    [ "$status" -eq 0 ]
    grep -Eq "^beta=0\.3000 lnZ/N=$NUM exact=$NUM \| first $NUM \| value $NUM ms$" <<<"$output"
    grep -q ',beta=0.3;chi=4;steps=6;value_only=1,' "$v"
    local v1 v2
    v1=$(grep -o 'lnZ/N=[0-9.]*' <<<"$output")
    v2=$(grep '^beta=0.3000' "$BATS_FILE_TMPDIR/out" | grep -o 'lnZ/N=[0-9.]*')
    [ -n "$v1" ]
    [ "$v1" = "$v2" ]
}

@test "--budget truncates a series after one steady run and the line says so" {
    run "$T" --beta 0.3 --chi 4 --steps 6 --runs 1000 --budget 0.000001
    [ "$status" -eq 0 ]
    [[ $output == *"[budget: 1 of 1000 runs]" ]]
}

@test "--budget bounds the whole invocation: a beta after it is spent is skipped, without rows" {
    local s=$BATS_TEST_TMPDIR/skip.csv
    run "$T" --beta 0.3,0.4 --chi 4 --steps 6 --runs 5 --budget 0.000001 --csv "$s"
    [ "$status" -eq 0 ]
    grep -q '^beta=0.4000 skipped: the --budget of 1e-06 s is spent$' <<<"$output"
    run grep 'beta=0.4;' "$s"
    [ "$status" -eq 1 ]
    [ "$(grep -c 'beta=0.3;' "$s")" -eq 2 ]
}

# --width auto on a snapshot of tests/fixtures/sysroot: SNAP REQ WANT. The
# line names requested and chosen width, the rows carry both.
auto_case() {
    local snap=$1 req=$2 want=$3 a=$BATS_TEST_TMPDIR/auto-$1.csv
    COLDLOAD_SYSROOT=$FX/$snap run "$T" --beta 0.3 --chi 4 --steps 6 --runs 2 --width "$req" --no-tune --csv "$a"
    [ "$status" -eq 0 ]
    grep -Eq "^beta=0.3000 .* \| value_and_grad $NUM ms \| width $req→$want  \[auto: [0-9]+ decisions? for [0-9]+ calls, $NUM ms a decision\]$" <<<"$output"
    rows_width "$a" "$want" "$req"
}

@test "--width auto: all four CPUs busy give 1, idle gives auto:2's cap" {
    auto_case full auto 1
    auto_case idle auto:2 2
}

@test "--width auto choosing 1 gives the checksum of --width 1" {
    auto_case full auto 1
    "$T" --beta 0.3 --chi 4 --steps 6 --runs 2 --width 1 --csv "$BATS_TEST_TMPDIR/w1.csv" >/dev/null
    [ -n "$(field "$BATS_TEST_TMPDIR/w1.csv" 17 3)" ]
    [ "$(field "$BATS_TEST_TMPDIR/w1.csv" 17 3)" = "$(field "$BATS_TEST_TMPDIR/auto-full.csv" 17 3)" ]
}
