# shellcheck shell=bash
# harness/cold/pages.sh -- page queries: each file's resident pages before
# and after every run (coldload-evict --query), one <out>/cold-pages.tsv row
# per file (the pages it read from disk), and what the kernel would not show
# (files this user may not write) into meta. Sourced by harness/cold.sh.

# cold_pages_init: cold-pages.tsv with its header, unless it has one.
cold_pages_init() {
    cold_set pages_tsv "$CL_OUT/cold-pages.tsv"
    [ -s "${CL_COLD[pages_tsv]}" ] || printf 'workload\tkind\tcopy\tfile\tsize_bytes\tpages\tresident_before\tresident_after\tpages_read\n' >"${CL_COLD[pages_tsv]}"
}

# pages_query INTO NPAGES COPY WORKLOAD: each file's resident pages now, into
# the caller's associative array INTO (keyed by the list's path: the binary's,
# not the copy's), and its size in pages into the caller's NPAGES (same keys).
# A file whose page cache mincore cannot see (not ours, not writable by us:
# coldload-evict says resident_before=unknown) gets no row; it goes into
# CL_COLD[unknown/PATH] (its pages) for meta and the report instead.
pages_query() {
    local -n cold_pq_into=$1 cold_pq_npages=$2
    local line re='^evict: (.*) pages=([0-9]+) resident_before=([0-9]+) resident_after=[0-9]+$' f list
    local unk='^evict: (.*) pages=([0-9]+) resident_before=unknown resident_after=unknown$'
    cold_pq_into=()
    cold_list list "$3" "$4"
    cl_exec "cold-query-$4" "${CL_COLD[evict]}" --query "${list[@]}" || true
    while IFS= read -r line; do
        if [[ $line =~ $unk ]]; then
            cold_set "unknown/${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
            continue
        fi
        [[ $line =~ $re ]] || continue
        f=${BASH_REMATCH[1]}
        [ "$f" = "$3" ] && f=${CL_COLD[real_binary]}
        cold_pq_into+=(["$f"]=${BASH_REMATCH[3]})
        cold_pq_npages+=(["$f"]=${BASH_REMATCH[2]})
    done <"$CL_LOG.out"
}

# pages_before COPY WORKLOAD: each file's resident pages before a run, kept
# for pages_after in CL_COLD[pages_before] (FILE<TAB>PAGES lines).
pages_before() {
    local -A before=() npages=()
    local f text=''
    pages_query before npages "$1" "$2"
    for f in "${!before[@]}"; do text+=$f$'\t'${before[$f]}$'\n'; done
    cold_set pages_before "$text"
}

# pages_after COPY WORKLOAD KIND K: each file's resident pages after the run,
# and one cold-pages.tsv row per file of the list queried before and after.
pages_after() {
    local -A pre=() post=() npages=()
    local line f b a label=$2
    while IFS= read -r line; do
        [ -z "$line" ] || pre[${line%$'\t'*}]=${line##*$'\t'}
    done <<<"${CL_COLD[pages_before]}"
    pages_query post npages "$1" "$2"
    # a --binary's rows name the program, as its whole.csv rows do
    [ "$2" != binary ] || label=${CL_COLD[name]}
    while IFS= read -r f; do
        b=${pre[$f]:-} a=${post[$f]:-}
        if [ -z "$b" ] || [ -z "$a" ]; then continue; fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$3" "$4" "$f" \
            "$(stat -c %s -- "$f" 2>/dev/null || echo 0)" "${npages[$f]}" "$b" "$a" $((a > b ? a - b : 0))
    done <"${CL_COLD[lists]}/$2" >>"${CL_COLD[pages_tsv]}"
}

# cold_pages_unknown_meta: the files whose pages were hidden, in meta and a warning.
cold_pages_unknown_meta() {
    local key files=0 total=0
    for key in "${!CL_COLD[@]}"; do
        [[ $key == unknown/* ]] || continue
        files=$((files + 1))
        total=$((total + ${CL_COLD[$key]}))
    done
    # As a user who may not write a file (a root-owned library, docker --user),
    # the kernel hides its page cache: mincore says every page resident. Those
    # files were still evicted and their major faults are real (whole.csv
    # majflt), but their pages read are unknown: say so rather than count 0.
    if [ "$files" -gt 0 ]; then
        cl_meta cold_pages_unknown_uid "$(id -u)"
        cl_meta cold_pages_unknown_files "$files"
        cl_meta cold_pages_unknown_pages "$total"
        cl_warn "pages unknown as uid $(id -u): the kernel hides the page cache of $files file(s) ($total pages) this user may not write, so their pages read are not counted (the major faults in whole.csv are real); run as root or as the files' owner for page counts"
    fi
}
