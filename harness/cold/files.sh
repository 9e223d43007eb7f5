# shellcheck shell=bash
# harness/cold/files.sh -- which files a cold start reads, per workload: one
# traced run (strace, harness/lib/coldtrace.sh), else -- no strace, or
# COLDLOAD_NO_STRACE=1 -- the ELF dynamic section. cold_find_files lists them
# in CL_COLD[lists]/<workload> and <out>/cold-files.txt (with sizes), and
# their method and counts in meta; cold_list gives a copy's list (what is
# evicted and queried). Sourced by harness/cold.sh.

# cold_find_files: CL_COLD[lists]/<w> for every workload, cold-files.txt, meta cold_files*.
cold_find_files() {
    local files_method=strace lists='' files_txt w wlist trace_log workloads run
    local binary=${CL_COLD[binary]} real_binary=${CL_COLD[real_binary]}
    cold_workloads workloads
    if [ -n "${COLDLOAD_NO_STRACE:-}" ]; then
        files_method="elf (COLDLOAD_NO_STRACE is set)"
    elif ! type -P strace >/dev/null; then
        files_method="elf (strace missing: Debian package $(cl_pkg_of strace))"
        cl_warn "strace is missing (Debian package $(cl_pkg_of strace)): the files a cold start reads come from the ELF dynamic section, so files the program opens itself are not made cold"
    fi
    cl_tmpdir lists
    cold_set lists "$lists"
    files_txt=$CL_OUT/cold-files.txt
    [ -s "$files_txt" ] || printf '# workload<TAB>size_bytes<TAB>file: what a cold start of each workload reads (cold.sh)\n' >"$files_txt"
    for w in "${workloads[@]}"; do
        wlist=$lists/$w
        if [ "${files_method%% *}" = strace ]; then
            run_args run "$w"
            trace_log=$(cl_unique "$CL_OUT/logs/cold-trace-$w" .strace).strace
            cl_exec "cold-trace-$w" "${CF_STRACE[@]}" -o "$trace_log" -- "$binary" "${run[@]}" ||
                cl_warn "the traced run of $w exited with status $? (see $CL_LOG.err); its file list is kept"
            # (no note_hung here: strace -f waits for every child, so a daemon the
            # program leaves makes the traced run, and only it, meet the watchdog)
            cf_parse_trace "$trace_log" "$wlist"
            if ! grep -qxF -- "$real_binary" "$wlist"; then
                cl_warn "the traced run of $w did not execute $binary (strace not permitted? see $CL_LOG.err): the ELF dynamic section instead"
                files_method="elf (strace failed)"
            fi
        fi
        [ "${files_method%% *}" = strace ] || cf_elf "$wlist" "$binary"
        printf '# method=%s workload=%s binary=%s\n' "$files_method" "$w" "$binary" >>"$files_txt"
        cf_sizes "$wlist" | sed "s/^/$w\t/" >>"$files_txt"
    done
    cl_meta cold_files_method "$files_method"
    cl_meta cold_files "$(for w in "${workloads[@]}"; do printf '%s=%s ' "$w" "$(wc -l <"$lists/$w")"; done)"
    # the files besides the binary itself (the key's older meaning: what ldd listed)
    cl_meta cold_libs "$(grep -vxF -- "$real_binary" "$lists/${workloads[0]}" | tr '\n' ' ')"
}

# cold_list INTO COPY WORKLOAD: the workload's files with the binary replaced
# by its copy, into the caller's array INTO (what is evicted and queried).
cold_list() {
    local -n cold_li_out=$1
    cold_li_out=()
    cold_li_out+=("$2")
    mapfile -t -O 1 cold_li_out < <(grep -vxF -- "${CL_COLD[real_binary]}" "${CL_COLD[lists]}/$3")
}

