# tests/cli/helpers.bash -- shared by the command-line bats tests of the
# workload binaries: paths, and the one check every rejected option gets.
# shellcheck shell=bash
# Variables here are read by the .bats files; status and stderr* are bats's.
# shellcheck disable=SC2034,SC2154

bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
B=$ROOT/build
# Snapshots of /proc and /sys for --width auto (COLDLOAD_SYSROOT).
FX=$ROOT/tests/fixtures/sysroot
# A decimal with digits after the point, as the result lines print them.
NUM='[0-9]+\.[0-9]+'

need_binary() {
    [ -x "$B/$1" ] || skip "build $1 first (make)"
}

# rejects BINARY NAME ARGS... : BINARY ARGS exits 2 with exactly one stderr
# line naming NAME, nothing on stdout, and the --csv file it was given is
# never created (a refused run writes nothing).
rejects() {
    local bin=$1 name=$2 csv=$BATS_TEST_TMPDIR/never.csv
    shift 2
    rm -f "$csv"
    run --separate-stderr "$bin" --csv "$csv" "$@"
    if [ "$status" -ne 2 ]; then echo "$*: exit $status, want 2"; return 1; fi
    if [ "${#stderr_lines[@]}" -ne 1 ]; then echo "$*: want one stderr line, got: $stderr"; return 1; fi
    if [[ $stderr != *"$name"* ]]; then echo "$*: '$stderr' does not name $name"; return 1; fi
    if [ -n "$output" ]; then echo "$*: wrote to stdout: $output"; return 1; fi
    if [ -e "$csv" ]; then echo "$*: created the CSV"; return 1; fi
}

# field FILE COL ROW: field COL (1-based) of line ROW of a CSV without quoted commas.
field() {
    awk -F, -v c="$2" -v r="$3" 'NR == r { print $c; exit }' "$1"
}

# rows_width CSV WIDTH REQUESTED: every row of CSV ran at WIDTH (column 6)
# with width_requested REQUESTED (column 22), as --width auto promises.
rows_width() {
    run awk -F, -v w="$2" -v r="$3" 'NR > 1 && !($6 == w && $22 == r)' "$1"
    if [ -n "$output" ]; then echo "rows not at width $2 / width_requested $3: $output"; return 1; fi
    [ "$(wc -l <"$1")" -gt 1 ] || { echo "$1 has no rows"; return 1; }
}
