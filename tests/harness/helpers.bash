# tests/harness/helpers.bash -- shared by the harness bats tests: paths, and
# small CSV readers written independently of harness/lib/all.sh (a test must not
# check the harness with the harness's own code).
# shellcheck shell=bash

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
export H=$ROOT/harness
B=$ROOT/build
# the test programs (tests/harness/progs/), for tests/harness and tests/long alike
PROGS=$ROOT/tests/harness/progs
# Tests never drop the whole page cache, except the test that asks for it.
export COLDLOAD_NO_DROPCACHE=1
# Results of the tests never touch the repository's results/latest.
export COLDLOAD_RESULTS=$BATS_RUN_TMPDIR/results

need_binaries() {
    if ! [ -x "$B/p28_timing" ] || ! [ -x "$B/coldload-evict" ]; then skip "build the binaries first (make)"; fi
}

# col FILE NAME: the values of column NAME (header looked up by name), one per line.
# Our fields hold no quoted commas, so splitting on commas is exact here.
col() {
    awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; if (!c) exit 3; next }
                          { print $c }' "$1"
}

# result_cols FILE NAME...: coldload-run's --result FILE (a tab-separated
# header, one row) read by column name: the NAMEd fields, tab-separated;
# exit 3 when a NAME is not in the header.
result_cols() {
    awk -F'\t' -v names="${*:2}" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        { n = split(names, c, " "); s = ""
          for (k = 1; k <= n; k++) { if (!(c[k] in h)) exit 3; s = s (k > 1 ? "\t" : "") $h[c[k]] }
          print s }' "$1"
}

# empty_col FILE NAME [last]: column NAME is in FILE's header and empty in
# every row (or, with last, in the last row). `[ -z "$(col ...)" ]` would pass
# with the column missing: col's exit is lost in $().
empty_col() {
    local v
    # (the x keeps the empty last values $() would strip)
    v=$(col "$1" "$2" && echo x) || { echo "$1: no column $2"; return 1; }
    v=${v%x}
    v=${v%$'\n'}
    if [ "${3:-}" = last ]; then v=${v##*$'\n'}; fi
    if [ -n "${v//$'\n'/}" ]; then echo "$1: $2 holds '$v'"; return 1; fi
}

# rows FILE FILTER_COL VALUE: the rows whose FILTER_COL equals VALUE (header kept).
rows() {
    awk -F, -v name="$2" -v v="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; print; next }
                                   $c == v' "$1"
}

# cg_of [PID]: the coldload-run cgroups under either cgroup2 hierarchy and,
# where it is mounted, the v1 cpu controller (a --quota's) -- of the
# launcher PID, or of every launcher
cg_of() {
    local d dirs=(/sys/fs/cgroup)
    for d in /sys/fs/cgroup/unified /sys/fs/cgroup/cpu; do
        if [ -d "$d" ]; then dirs+=("$d"); fi
    done
    find "${dirs[@]}" -maxdepth 1 -name "coldload-run-${1:-*}"
}

# cg_left: the coldload-run cgroups left behind -- those whose launcher is
# gone. A live launcher's is in use: make harness-test runs other files
# beside this one (tests/bats-beside.sh), whose runs have theirs.
cg_left() {
    local c
    while IFS= read -r c; do
        [ -n "$c" ] || continue
        kill -0 "${c##*coldload-run-}" 2>/dev/null || echo "$c"
    done < <(cg_of)
}

# no_live_in_group PGID: no process, zombies aside, left in process group PGID.
no_live_in_group() {
    local left
    left=$(ps -e -o pgid=,stat=,pid=,comm= | awk -v g="$1" '$1 == g && $2 !~ /^Z/')
    if [ -n "$left" ]; then
        echo "left in process group $1: $left"
        return 1
    fi
}

# absent [GREP_ARGS...] PATTERN FILE: grep finds nothing (a bare `! grep` cannot fail a test)
absent() {
    if grep -q "$@"; then echo "found: $*"; return 1; fi
}

# wait_for COND_CMD... : polls up to 30 s.
wait_for() {
    for _ in $(seq 300); do
        "$@" && return 0
        sleep 0.1
    done
    echo "timed out waiting for: $*"
    return 1
}

# every_row_complete FILE: every line has the header's field count and the
# file ends with a newline (an interrupted run must leave no half row).
every_row_complete() {
    [ -s "$1" ] || { echo "$1 is empty"; return 1; }
    [ "$(tail -c1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || { echo "$1 ends in a partial line"; return 1; }
    awk -F, 'NR == 1 { n = NF; next } NF != n { print FILENAME ":" NR ": " NF " fields, header has " n; bad = 1 }
             END { exit bad }' "$1"
}

# omp_setup_file: setup_file of the files that run the OpenMP test program
# (progs/omp_work.c) -- built once per file into BATS_FILE_TMPDIR -- and
# omp_setup, their setup: OMP the program, O a fresh results directory.
omp_setup_file() {
    [ -x "$B/coldload-run" ] || skip "build the binaries first (make)"
    command -v gcc >/dev/null || skip "gcc is not installed (make deps-test)"
    gcc -O2 -fopenmp "$ROOT/tests/harness/progs/omp_work.c" -o "$BATS_FILE_TMPDIR/omp_work"
}
omp_setup() {
    OMP=$BATS_FILE_TMPDIR/omp_work
    O=$BATS_TEST_TMPDIR/out
}
