#!/usr/bin/env bash
# harness/cold.sh -- cold starts on copied binaries: why is the first run slow?
#
# The page's table "fresh copy / same copy again / another fresh copy", on
# Linux: for K copies, copy the binary to a new file and run it (copy=fresh),
# run that file again (same), drop the pages of every file its cold start
# reads from the page cache and run it (evicted), and, as root with a writable
# /proc/sys/vm/drop_caches, drop the whole cache and run it (dropcache).
# Each run gives in-process rows (coldload's binaries only) and a
# whole-process row with page faults (GNU time); hyperfine then times
# --hf-runs (default 10) whole runs of each kind. Works on any executable:
# --binary PATH [-- ARGS].
#
# Which files a cold start reads comes from one traced run per
# workload (strace, harness/coldfiles.sh), else -- no strace, or
# COLDLOAD_NO_STRACE=1 -- from the ELF dynamic section, never from ldd (which
# may run the program's loader). <out>/cold-files.txt lists them with their
# sizes; every run records each file's resident pages before and after it
# (coldload-evict --query) in <out>/cold-pages.tsv: the pages it read from disk.
set -euo pipefail
# shellcheck source=harness/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=harness/coldfiles.sh
. "$(dirname "${BASH_SOURCE[0]}")/coldfiles.sh"

usage() {
    cl_usage '[-- ARGS...]' <<'USAGE'
Besides: COLDLOAD_NO_DROPCACHE=1 (skip the dropcache kind even as root),
  COLDLOAD_NO_STRACE=1 (find the files from the ELF dynamic section, not from a traced run)
USAGE
}

cl_init cold "$@"
cl_defaults
CL_DASHDASH_OK=1   # -- ARGS: the --binary's arguments
cl_parse_opts "$@"
cl_finalize_opts
cl_opt_final --copies
cl_opt_final --hf-runs
copies=$CL_OPT_COPIES hf_runs=$CL_OPT_HF_RUNS binary=$CL_OPT_BINARY
args=("${CL_ARGS[@]}")
if [ ${#args[@]} -gt 0 ] && [ -z "$binary" ]; then cl_usage_error "arguments after -- need --binary PATH"; fi

cl_need_tools hyperfine jq time timeout readelf realpath
cl_need_binary "$CL_BUILD/coldload-evict"
if [ -n "$binary" ]; then
    # A bare name is looked up on PATH, as a shell would.
    [[ $binary == */* ]] || binary=$(type -P "$binary" || echo "$binary")
    { [ -f "$binary" ] && [ -x "$binary" ]; } || cl_usage_error "--binary: '$binary' is not an executable file"
    binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
    workloads=(binary)
    # Another program gets no --budget of its own: the budget is what one run
    # may take before the watchdog ends it (not coldload's 4 x budget + 120 s
    # per TRG beta); a hyperfine step gets it per run.
    CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" 'BEGIN { printf "%d", (b == int(b) ? b : int(b) + 1) }')
else
    binary=$CL_BUILD/p28_timing
    cl_need_binary "$binary"
    cl_workloads cold p28_timing   # the workloads p28_timing --describe lists
    read -ra workloads <<<"$CL_WORKLOADS"
    # Width 1 means one thread everywhere, as in warm and loaded runs: without
    # this the pthread OpenBLAS starts nproc threads at load and its idle ones
    # spin. Another program (--binary) runs with the environment it was given.
    export OPENBLAS_NUM_THREADS=1
fi
run_watchdog=$CL_WATCHDOG_S
binary_runs=0 binary_failed=0 binary_first_rc=
evict=$CL_BUILD/coldload-evict
name=$(basename "$binary")
real_binary=$(realpath -e -- "$binary")
# coldreport.sh asks first whether its arguments are good (COLDLOAD_CHECK_ARGS):
# a usage error must not create a results directory or move results/latest.
if [ -n "${COLDLOAD_CHECK_ARGS:-}" ]; then exit 0; fi

cl_results_init
cl_traps
cl_meta_begin
cl_meta cold_binary "$binary"
cl_meta cold_args "${args[*]}"
cl_meta cold_copies "$copies"
cl_meta cold_hf_runs "$hf_runs"


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

# run_args WORKLOAD: the arguments of one run (coldload's binaries: width 1,
# one workload; any other program: its ARGS).
run_args() {
    if [ "$1" = binary ]; then
        run=("${args[@]}")
    else
        cl_cell "$1"
        run=("${CL_CELL_ARGS[@]}" --width 1 --runs "$CL_RUNS" --budget "$CL_BUDGET")
    fi
}

# Libraries warm before a new copy, so "fresh" isolates the new file: an
# earlier evicted/dropcache run must not leave its cold libraries to it.
warm_libraries() {
    [ "$1" = binary ] && [ -n "$binary_hung" ] && return 0
    run_args "$1"
    cl_exec "cold-warmup-$1" "$binary" "${run[@]}" || true
    note_hung "$1" "cold-warmup-$1"
}

# A --binary that outlived its watchdog once will again: every step after it
# would wait its own watchdog (a QUICK hyperfine step ~100 s; 379 s in all for
# a hung program), so the remaining runs of it are skipped and the run ends
# saying so. binary_hung: the first step that hung.
binary_hung=
note_hung() {
    if [ "$1" = binary ] && [ -z "$binary_hung" ] && [ "$CL_TIMED_OUT" = 1 ]; then binary_hung=$2; fi
}

# --- which files a cold start reads, per workload: listed in $lists/<w>
files_method=strace
if [ -n "${COLDLOAD_NO_STRACE:-}" ]; then
    files_method="elf (COLDLOAD_NO_STRACE is set)"
elif ! type -P strace >/dev/null; then
    files_method="elf (strace missing: Debian package $(cl_pkg_of strace))"
    cl_warn "strace is missing (Debian package $(cl_pkg_of strace)): the files a cold start reads come from the ELF dynamic section, so files the program opens itself are not made cold"
fi
lists=
cl_tmpdir lists
files_txt=$CL_OUT/cold-files.txt pages_tsv=$CL_OUT/cold-pages.tsv
[ -s "$pages_tsv" ] || printf 'workload\tkind\tcopy\tfile\tsize_bytes\tpages\tresident_before\tresident_after\tpages_read\n' >"$pages_tsv"
[ -s "$files_txt" ] || printf '# workload<TAB>size_bytes<TAB>file: what a cold start of each workload reads (cold.sh)\n' >"$files_txt"
for w in "${workloads[@]}"; do
    wlist=$lists/$w
    if [ "${files_method%% *}" = strace ]; then
        run_args "$w"
        trace_log=$(cl_unique "$CL_OUT/logs/cold-trace-$w" .strace).strace
        cl_exec "cold-trace-$w" "${CF_STRACE[@]}" -o "$trace_log" -- "$binary" "${run[@]}" ||
            cl_warn "the traced run of $w exited with status $CL_RC (see $CL_LOG.err); its file list is kept"
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

# cold_list COPY WORKLOAD: the workload's files with the binary replaced by
# its copy, into the array `cold` (what is evicted and queried).
cold_list() {
    cold=("$1")
    mapfile -t -O 1 cold < <(grep -vxF -- "$real_binary" "$lists/$2")
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
    local f b a
    while IFS= read -r f; do
        b=${pre[$f]:-} a=${post[$f]:-}
        if [ -z "$b" ] || [ -z "$a" ]; then continue; fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$f" \
            "$(stat -c %s -- "$f" 2>/dev/null || echo 0)" "${npages[$f]}" "$b" "$a" $((a > b ? a - b : 0))
    done <"$lists/$1" >>"$pages_tsv"
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

declare -A params=() waits=()
dir=
CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_LOAD=none
cl_progress_start $(( copies * ${#workloads[@]} * (${#kinds[@]} + 1) + ${#workloads[@]} * ${#kinds[@]} ))

# --- in-process view: K copies, each run fresh, again, evicted, dropcached
for k in $(seq "$copies"); do
    CL_TAG_PROC=$k   # the copy is the process: one per copy and kind
    for w in "${workloads[@]}"; do
        cl_progress "copy $k/$copies $w: warm libraries, new copy"
        cl_busy_check "copy $k $w"
        warm_libraries "$w"
        cl_tmpdir dir
        cp -- "$binary" "$dir/$name"
        for kind in "${kinds[@]}"; do
            cl_progress "copy $k/$copies $w: $kind"
            case $kind in
                evicted) evict_copy "$dir/$name" "$w" ;;
                dropcache) dropcache "$w" ;;
            esac
            CL_TAG_COPY=$kind
            [ "$w" = binary ] && [ -n "$binary_hung" ] && continue
            run_args "$w"
            if [ "$w" != binary ]; then
                cl_tags
                run+=(--csv "$CL_SAMPLES" "${CL_TAGS[@]}")
            fi
            declare -A pre=() post=()
            pages_query pre "$dir/$name" "$w"
            before=$(cl_samples_lines)
            [ "$w" = binary ] && binary_runs=$((binary_runs + 1))
            if ! cl_exec_timed "cold-$kind-$w-k$k" "$dir/$name" "${run[@]}"; then
                note_hung "$w" "cold-$kind-$w-k$k"
                if [ "$w" = binary ]; then
                    binary_failed=$((binary_failed + 1))
                    binary_first_rc=${binary_first_rc:-$CL_RC}
                else
                    CL_FAILURES=$((CL_FAILURES + 1))
                    cl_warn "cold-$kind-$w-k$k failed with exit status $CL_RC (see $CL_LOG.err)"
                fi
            fi
            CL_RUN_WORKLOAD='' CL_RUN_PARAMS='' CL_RUN_WIDTH='' CL_RUN_WAIT=''
            if [ "$w" != binary ]; then
                CL_RUN_WORKLOAD=$w CL_RUN_WIDTH=1
                CL_RUN_PARAMS=$(cl_samples_params "$before")
                CL_RUN_WAIT=$(cl_samples_field "$before" wait)
                params[$w]=$CL_RUN_PARAMS waits[$w]=$CL_RUN_WAIT
                cl_meta_binary_once "$CL_LOG.out"
            fi
            cl_whole_time "$kind" "$k"
            grep -v '^#' "$CL_LOG.out" | head -n 3 | sed "s/^/    $kind: /" >&2 || true
            # after the run's own log is used: the query is a step of its own
            pages_query post "$dir/$name" "$w"
            pages_rows "$w" "$kind" "$k"
        done
        rm -rf -- "$dir"
    done
done
cl_meta cold_evict_calls "$evict_calls"
cl_meta cold_evict_pages "$evict_pages"
cl_meta cold_evict_resident_before "$evict_before"
cl_meta cold_evict_resident_after "$evict_after"
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

# --- whole-process view: hyperfine, each kind its own export
q() { printf '%q' "$1"; }
for w in "${workloads[@]}"; do
    cl_tmpdir dir
    copy=$dir/$name
    cp -- "$binary" "$copy"
    if [ "$w" = binary ]; then run=("${args[@]}"); else cl_cell "$w"; run=("${CL_CELL_ARGS[@]}" --width 1 --runs 1); fi
    hf_cmd=$(q "$copy")
    for a in "${run[@]}"; do hf_cmd+=" $(q "$a")"; done
    for kind in "${kinds[@]}"; do
        [ "$w" = binary ] && [ -n "$binary_hung" ] && continue
        cl_progress "hyperfine $w: $kind ($hf_runs runs)"
        warm_libraries "$w"
        case $kind in
            fresh) prep=(--prepare "sh -c $(q "rm -f $(q "$copy") && cp $(q "$binary") $(q "$copy")")") ;;
            same) prep=(--warmup 1) ;;
            evicted) cold_list "$copy" "$w"; prep=(--prepare "$(q "$evict")$(for l in "${cold[@]}"; do printf ' %q' "$l"; done)") ;;
            dropcache) prep=(--prepare "sh -c $(q 'sync && echo 3 >/proc/sys/vm/drop_caches')") ;;
        esac
        json=$(cl_unique "$CL_OUT/hyperfine/cold-$w-$kind" .json).json
        if [ "$w" = binary ]; then CL_WATCHDOG_S=$(( (hf_runs + 2) * run_watchdog + 30 )); fi
        rc=0
        cl_exec "cold-hyperfine-$w-$kind" hyperfine -N -i --style basic --runs "$hf_runs" \
            --export-json "$json" "${prep[@]}" -n "$kind" "$hf_cmd" || rc=$?
        CL_WATCHDOG_S=$run_watchdog
        if [ "$rc" -ne 0 ]; then
            CL_FAILURES=$((CL_FAILURES + 1))
            cl_warn "hyperfine $w $kind failed with exit status $CL_RC (see $CL_LOG.err)"
            continue
        fi
        CL_TAG_COPY=$kind
        CL_RUN_WORKLOAD='' CL_RUN_PARAMS='' CL_RUN_WIDTH='' CL_RUN_WAIT=''
        if [ "$w" != binary ]; then
            CL_RUN_WORKLOAD=$w CL_RUN_WIDTH=1 CL_RUN_PARAMS=${params[$w]:-} CL_RUN_WAIT=${waits[$w]:-}
        fi
        cl_whole_hyperfine "$json"
    done
done

# A program that leaves processes behind (a daemon) had them stopped after
# each run (cl_exec); how many, for meta and the reader.
cl_meta cold_left_processes "$CL_LEFT_PROCESSES"
if [ "$CL_LEFT_PROCESSES" -gt 0 ]; then
    cl_warn "the program left $CL_LEFT_PROCESSES process(es) running after its runs (a daemon or a background child); each run's process group was stopped after it"
fi

if [ -n "$binary_hung" ]; then
    cl_meta cold_binary_hung "$binary_hung (watchdog ${run_watchdog}s, the --budget)"
    cl_die "$binary did not end within its watchdog (${run_watchdog}s, the --budget) in $binary_hung (see logs/$binary_hung.err): its later runs and the hyperfine steps were skipped; the rows taken are kept"
fi

# A program that fails is measured all the same (its failing runs are rows,
# exit_code says so), but the run is not a success.
if [ "$binary_failed" -gt 0 ]; then
    cl_meta cold_binary_failed_runs "$binary_failed of $binary_runs"
    cl_die "$binary exited non-zero in $binary_failed of $binary_runs runs (first: exit $binary_first_rc; see logs/cold-*-binary-k*.err); the rows taken are kept"
fi
[ "$CL_FAILURES" -eq 0 ] || cl_die "$CL_FAILURES measurement(s) failed; the rows taken are kept"
printf 'coldload cold: done, results in %s\n' "$CL_OUT" >&2
