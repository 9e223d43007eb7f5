# shellcheck shell=bash
# harness/cold/pages.sh -- page queries: each file's resident pages before
# and after every run (coldload-evict --query), one <out>/cold-pages.tsv row
# per file (the pages it read from disk), and what the kernel would not show
# (files this user may not write) into meta. Sourced by harness/cold.sh.

# The variables read here are set by harness/cold/options.sh and files.sh.
# shellcheck disable=SC2154

# cold_pages_init: cold-pages.tsv with its header, unless it has one.
cold_pages_init() {
    pages_tsv=$CL_OUT/cold-pages.tsv
    [ -s "$pages_tsv" ] || printf 'workload\tkind\tcopy\tfile\tsize_bytes\tpages\tresident_before\tresident_after\tpages_read\n' >"$pages_tsv"
}

# pages_query INTO COPY WORKLOAD: each file's resident pages now, into the
# associative array INTO (keyed by the list's path: the binary's, not the copy's),
# and its size in pages into `npages`.
# A file whose page cache mincore cannot see (not ours, not writable by us:
# coldload-evict says resident_before=unknown) gets no row; it goes into
# `unknown_pages` (path -> pages) for meta and the report instead.
declare -A npages=() unknown_pages=()
pages_query() {
    local -n into=$1
    local line re='^evict: (.*) pages=([0-9]+) resident_before=([0-9]+) resident_after=[0-9]+$' f
    local unk='^evict: (.*) pages=([0-9]+) resident_before=unknown resident_after=unknown$'
    into=()
    cold_list "$2" "$3"
    cl_exec "cold-query-$3" "$evict" --query "${cold[@]}" || true
    while IFS= read -r line; do
        if [[ $line =~ $unk ]]; then
            unknown_pages[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
            continue
        fi
        [[ $line =~ $re ]] || continue
        f=${BASH_REMATCH[1]}
        [ "$f" = "$2" ] && f=$real_binary
        # shellcheck disable=SC2034 # a nameref: the caller's array
        into["$f"]=${BASH_REMATCH[3]}
        npages[$f]=${BASH_REMATCH[2]}
    done <"$CL_LOG.out"
}

# pages_rows WORKLOAD KIND K: one cold-pages.tsv row per file, from `pre` and `post`.
pages_rows() {
    local f b a label=$1
    # a --binary's rows name the program, as its whole.csv rows do
    [ "$1" != binary ] || label=$name
    while IFS= read -r f; do
        b=${pre[$f]:-} a=${post[$f]:-}
        if [ -z "$b" ] || [ -z "$a" ]; then continue; fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$2" "$3" "$f" \
            "$(stat -c %s -- "$f" 2>/dev/null || echo 0)" "${npages[$f]}" "$b" "$a" $((a > b ? a - b : 0))
    done <"$lists/$1" >>"$pages_tsv"
}

# cold_pages_unknown_meta: the files whose pages were hidden, in meta and a warning.
cold_pages_unknown_meta() {
    # As a user who may not write a file (a root-owned library, docker --user),
    # the kernel hides its page cache: mincore says every page resident. Those
    # files were still evicted and their major faults are real (whole.csv
    # majflt), but their pages read are unknown: say so rather than count 0.
    if [ "${#unknown_pages[@]}" -gt 0 ]; then
        unknown_total=0
        for f in "${!unknown_pages[@]}"; do unknown_total=$((unknown_total + unknown_pages[$f])); done
        cl_meta cold_pages_unknown_uid "$(id -u)"
        cl_meta cold_pages_unknown_files "${#unknown_pages[@]}"
        cl_meta cold_pages_unknown_pages "$unknown_total"
        cl_warn "pages unknown as uid $(id -u): the kernel hides the page cache of ${#unknown_pages[@]} file(s) ($unknown_total pages) this user may not write, so their pages read are not counted (the major faults in whole.csv are real); run as root or as the files' owner for page counts"
    fi
}
