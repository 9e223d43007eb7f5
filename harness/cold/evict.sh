# shellcheck shell=bash
# harness/cold/evict.sh -- eviction: the copy kinds a run takes (dropcache
# only as root with a writable /proc/sys/vm/drop_caches), the pages of a
# copy's files dropped before an evicted run (coldload-evict), the whole page
# cache dropped before a dropcache run, and the totals into meta. Sourced by
# harness/cold.sh.

# Variables set here are read by cold.sh and the other harness/cold/*.sh;
# the ones read here are set by harness/cold/options.sh and files.sh.
# shellcheck disable=SC2034,SC2154

# cold_kinds: kinds, the copy kinds of every copy (fresh same evicted [dropcache]), in meta.
cold_kinds() {
    kinds=(fresh same evicted)
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
    cl_meta cold_kinds "${kinds[*]}"
}

evict_calls=0 evict_pages=0 evict_before=0 evict_after=0
evict_copy() {
    cold_list "$1" "$2"
    cl_exec "cold-evict-$2" "$evict" "${cold[@]}" || cl_warn "coldload-evict failed (see $CL_LOG.err)"
    local t
    t=$(grep '^evict: total ' "$CL_LOG.out" || true)
    [[ $t =~ pages=([0-9]+)\ resident_before=([0-9]+)\ resident_after=([0-9]+) ]] || return 0
    evict_calls=$((evict_calls + 1))
    evict_pages=$((evict_pages + BASH_REMATCH[1]))
    evict_before=$((evict_before + BASH_REMATCH[2]))
    evict_after=$((evict_after + BASH_REMATCH[3]))
}

dropcache() {
    if ! cl_exec "cold-dropcache-$1" sh -c 'sync && echo 3 >/proc/sys/vm/drop_caches'; then
        cl_warn "dropping the page cache failed (see $CL_LOG.err)"
    fi
}

# cold_evict_meta: the evictions' totals into meta.
cold_evict_meta() {
    cl_meta cold_evict_calls "$evict_calls"
    cl_meta cold_evict_pages "$evict_pages"
    cl_meta cold_evict_resident_before "$evict_before"
    cl_meta cold_evict_resident_after "$evict_after"
}
