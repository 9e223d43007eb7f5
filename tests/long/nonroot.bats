#!/usr/bin/env bats
# tests/long/nonroot.bats -- cold.sh as uid 65534 (docker --user, a shared
# machine): the kernel hides the page cache of files that user may not write
# (mincore says every page resident), so their page counts must say
# "unknown", in meta.txt and in the report's cold-read table, never pass off
# as "all resident, 0 read". Needs root to become uid 65534.

load ../harness/helpers

setup() {
    need_binaries
    [ "$(id -u)" = 0 ] || skip "needs root to become uid 65534"
    type -P setpriv >/dev/null || skip "setpriv is not installed (apt-get install util-linux)"
    command -v hyperfine >/dev/null || skip "hyperfine is not installed"
    # a directory uid 65534 may write (BATS_TEST_TMPDIR may be private)
    d=$(mktemp -d "$ROOT/build/nonroot.XXXXXX")
    chown 65534:65534 "$d"
}

teardown() {
    rm -rf "$d"
}

@test "cold.sh as uid 65534: root's libraries are pages unknown, said in meta and the report; the copy is counted" {
    run setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$d" COLDLOAD_NO_DROPCACHE=1 \
        bash "$H/cold.sh" --quick --copies 1 --hf-runs 2 --out "$d/out" --binary /bin/true
    [ "$status" -eq 0 ]
    [[ $output == *"warning: pages unknown as uid 65534"* ]]
    grep -qx 'cold_pages_unknown_uid=65534' "$d/out/meta.txt"
    [ "$(sed -n 's/^cold_pages_unknown_files=//p' "$d/out/meta.txt")" -ge 1 ]
    # no row for a file whose pages cannot be seen (libc is root's)
    run awk -F'\t' 'NR > 1 && $4 ~ /libc\.so/' "$d/out/cold-pages.tsv"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    # the copy (ours) is seen: the evicted run read its pages back
    awk -F'\t' '$2 == "evicted" && $4 == "/usr/bin/true" && $9 > 0 { ok = 1 } END { exit !ok }' "$d/out/cold-pages.tsv"
    # the evicted totals count only what can be seen: not "every page resident"
    after=$(sed -n 's/^cold_evict_resident_after=//p' "$d/out/meta.txt")
    pages=$(sed -n 's/^cold_evict_pages=//p' "$d/out/meta.txt")
    [ "$after" -lt "$pages" ] || [ "$pages" -eq 0 ]
    "$B/coldload-summarize" "$d/out" >/dev/null
    grep -q '| pages unknown as uid 65534: ' "$d/out/report.md"
    grep -q 'pages unknown as uid 65534: ' "$d/out/report.html"
}
