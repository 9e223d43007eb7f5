# shellcheck shell=bash
# harness/cold/evict.sh -- eviction: the copy kinds a run takes (dropcache
# only as root with a writable /proc/sys/vm/drop_caches), the pages of a
# copy's files dropped before an evicted run (coldload-evict), the whole page
# cache dropped before a dropcache run, and the totals into meta. Sourced by
# harness/cold.sh.

# cold_kinds: CL_COLD[kinds], the copy kinds of every copy (fresh same evicted [dropcache]), in meta.
cold_kinds() {
    local kinds=(fresh same evicted)
    if [ -n "${COLDLOAD_NO_DROPCACHE:-}" ]; then
        cl_meta cold_dropcache "skipped: COLDLOAD_NO_DROPCACHE is set"
    elif [ "$(id -u)" != 0 ]; then
        cl_meta cold_dropcache "skipped: not root"
    elif ! [ -w /proc/sys/vm/drop_caches ]; then
        cl_meta cold_dropcache "skipped: /proc/sys/vm/drop_caches is not writable"
    else
        cl_meta cold_dropcache yes
        kinds+=(dropcache)
    fi
    cold_set kinds "${kinds[*]}"
    cl_meta cold_kinds "${kinds[*]}"
}

# evict_copy COPY WORKLOAD: the pages of the copy's files dropped, added to
# CL_COLD's evict_* totals.
evict_copy() {
    local list t
    cold_list list "$1" "$2"
    cl_exec "cold-evict-$2" "${CL_COLD[evict]}" "${list[@]}" || cl_warn "coldload-evict failed (see $CL_LOG.err)"
    t=$(grep '^evict: total ' "$CL_LOG.out" || true)
    [[ $t =~ pages=([0-9]+)\ resident_before=([0-9]+)\ resident_after=([0-9]+) ]] || return 0
    cold_add evict_calls 1
    cold_add evict_pages "${BASH_REMATCH[1]}"
    cold_add evict_before "${BASH_REMATCH[2]}"
    cold_add evict_after "${BASH_REMATCH[3]}"
}

dropcache() {
    if ! cl_exec "cold-dropcache-$1" sh -c 'sync && echo 3 >/proc/sys/vm/drop_caches'; then
        cl_warn "dropping the page cache failed (see $CL_LOG.err)"
    fi
}

# cold_evict_meta: the evictions' totals into meta.
cold_evict_meta() {
    cl_meta cold_evict_calls "${CL_COLD[evict_calls]}"
    cl_meta cold_evict_pages "${CL_COLD[evict_pages]}"
    cl_meta cold_evict_resident_before "${CL_COLD[evict_before]}"
    cl_meta cold_evict_resident_after "${CL_COLD[evict_after]}"
}
