#!/usr/bin/env bats
# tests/long/coldtrace.bats -- the cases of tests/harness/coldtrace.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/coldtrace

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
