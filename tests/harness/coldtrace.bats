#!/usr/bin/env bats
# tests/harness/coldtrace.bats -- which files a cold start reads (
# harness/lib/coldtrace.sh): the traced list of a program that opens a data file
# and dlopens a library holds both; evicting the list makes them
# non-resident (mincore); the ELF fallback never runs the program; cold.sh
# writes cold-files.txt and cold-pages.tsv and says which method it used.

bats_require_minimum_version 1.5.0   # run ! (a bare ! cannot fail a test)
load helpers

setup() {
    need_binaries
    type -P gcc >/dev/null || skip "gcc is needed to build the test program"
    # shellcheck source=harness/lib/coldtrace.sh
    . "$ROOT/harness/lib/coldtrace.sh"
    # tmpfs pages cannot be dropped (they are the file): work on a disk.
    d=$BATS_TEST_TMPDIR
    if [ "$(stat -f -c %T "$d")" = tmpfs ]; then d=$(mktemp -d "$ROOT/build/coldtrace-test.XXXXXX"); fi
    PROG=$d/coldtrace_prog DATA=$d/known.dat LIB=$d/libknown.so
    gcc -O1 -o "$PROG" "$ROOT/tests/harness/coldtrace_prog.c" -ldl
    head -c 256K /dev/urandom >"$DATA"
    # a library nothing else maps, so its pages are ours to drop: a copy of libm
    cp "$(gcc -print-file-name=libm.so.6)" "$LIB"
}

teardown() {
    [ "$d" = "$BATS_TEST_TMPDIR" ] || rm -rf -- "$d"
}

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
    [[ ${lines[0]} == *" pages=64 resident_before=64 "* ]]
}

@test "the ELF fallback never runs the program, and lists it, its loader and DT_NEEDED libraries" {
    rm -f "$d/ran"
    cf_elf "$d/list" "$PROG"
    [ ! -e "$d/ran" ]
    grep -qxF "$(realpath "$PROG")" "$d/list"
    grep -qxF "$(realpath "$(cf_interp "$PROG")")" "$d/list"
    grep -q '/libc\.so\.6$' "$d/list"
    # what only a run shows is not there: the data file, the dlopen'ed library
    run ! grep -qxF "$(realpath "$DATA")" "$d/list"
    run ! grep -qxF "$(realpath "$LIB")" "$d/list"
    # p28_timing: OpenBLAS and LAPACKE found through the loader's search path
    cf_elf "$d/p28" "$B/p28_timing"
    grep -q 'libopenblas' "$d/p28"
    grep -q 'liblapacke' "$d/p28"
    # the traced run does run it (the marker is the proof the check above means something)
    if command -v strace >/dev/null; then
        cf_trace "$d/list2" "$PROG" "$DATA" "$LIB" "$d/ran" >/dev/null
        [ -e "$d/ran" ]
    fi
}

@test "cold.sh --binary: cold-files.txt with sizes, cold-pages.tsv per run, the method in meta" {
    command -v strace >/dev/null || skip "strace is not installed"
    command -v hyperfine >/dev/null || skip "hyperfine is not installed"
    out=$d/out
    run env COLDLOAD_NO_DROPCACHE=1 "$ROOT/harness/cold.sh" --quick --copies 1 --hf-runs 2 --out "$out" \
        --binary "$PROG" -- "$DATA" "$LIB"
    [ "$status" -eq 0 ]
    grep -qx 'cold_files_method=strace' "$out/meta.txt"
    grep -qP "^binary\t262144\t\Q$(realpath "$DATA")\E$" "$out/cold-files.txt"
    grep -qF "$(realpath "$LIB")" "$out/cold-files.txt"
    # the evicted run read the data file back from disk: all 64 pages
    awk -F'\t' -v f="$(realpath "$DATA")" '$2 == "evicted" && $4 == f && $9 == 64 { ok = 1 } END { exit !ok }' "$out/cold-pages.tsv"
    # the same copy again read nothing of it
    awk -F'\t' -v f="$(realpath "$DATA")" '$2 == "same" && $4 == f && $9 == 0 { ok = 1 } END { exit !ok }' "$out/cold-pages.tsv"
    # without strace: the ELF method, said in meta, and the data file is not in the list
    run env COLDLOAD_NO_DROPCACHE=1 COLDLOAD_NO_STRACE=1 "$ROOT/harness/cold.sh" --quick --copies 1 --hf-runs 2 \
        --out "$d/out2" --binary "$PROG" -- "$DATA" "$LIB"
    [ "$status" -eq 0 ]
    grep -qx 'cold_files_method=elf (COLDLOAD_NO_STRACE is set)' "$d/out2/meta.txt"
    run ! grep -qF "$(realpath "$DATA")" "$d/out2/cold-files.txt"
}
