#!/usr/bin/env bats
# tests/harness/coldtrace.bats -- which files a cold start reads (
# harness/lib/coldtrace.sh): the traced list of a program that opens a data file
# and dlopens a library holds both; evicting the list makes them
# non-resident (mincore); the ELF fallback never runs the program; cold.sh
# writes cold-files.txt and cold-pages.tsv and says which method it used.
# (the cases under a long real load: tests/long/coldtrace.bats, make test-long)

load helpers
load coldtrace

@test "strace: the traced list holds the data file, the dlopen'ed library, the program and its loader" {
    command -v strace >/dev/null || skip "strace is not installed"
    run cf_trace "$d/list" "$PROG" "$DATA" "$LIB"
    [ "$status" -eq 0 ]
    grep -qxF "$(realpath "$DATA")" "$d/list"
    grep -qxF "$(realpath "$LIB")" "$d/list"
    grep -qxF "$(realpath "$PROG")" "$d/list"
    grep -qxF "$(realpath "$(cf_interp "$PROG")")" "$d/list"
    # regular files only, each once, none from /proc, /sys or /dev
    [ "$(sort "$d/list" | uniq -d | wc -l)" -eq 0 ]
    while IFS= read -r f; do [ -f "$f" ]; done <"$d/list"
    run ! grep -qE '^/(proc|sys|dev)/' "$d/list"
    # the sizes
    cf_sizes "$d/list" | grep -qxF "262144	$(realpath "$DATA")"
}

@test "evicting the traced list makes the data file and the library non-resident" {
    command -v strace >/dev/null || skip "strace is not installed"
    cf_trace "$d/list" "$PROG" "$DATA" "$LIB" >/dev/null
    mapfile -t files <"$d/list"
    "$B/coldload-evict" "${files[@]}" >/dev/null
    for f in "$DATA" "$LIB"; do
        run "$B/coldload-evict" --query "$(realpath "$f")"
        [ "$status" -eq 0 ]
        [[ ${lines[0]} == *" resident_before=0 resident_after=0" ]]
    done
    # and the next run reads them back in
    "$PROG" "$DATA" "$LIB" >/dev/null
    run "$B/coldload-evict" --query "$(realpath "$DATA")"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *" pages=64 resident_before=64 "* ]]
}
