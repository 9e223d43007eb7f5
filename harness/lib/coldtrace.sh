# harness/lib/coldtrace.sh -- which files a cold start reads, sourced by cold.sh.
# shellcheck shell=bash
#
# `ldd` is never used: it may run the program's own loader (its manual warns
# never to use it on an untrusted executable), and it lists only DT_NEEDED
# libraries, so a program that opens more -- python3's hundreds of .py/.pyc
# files, a dlopen'ed BLAS kernel, locale files -- would not be made cold.
#
#   cf_trace OUT PROG ARGS...  one run of PROG under `strace -f` over the calls
#                              that open, map or execute a file; OUT gets the
#                              regular files they named, one absolute path a
#                              line (opened or mapped files in trace order, then
#                              the programs executed). The kernel maps an ELF's
#                              interpreter (PT_INTERP) at execve without a
#                              syscall of its own, so it is added from
#                              `readelf -l` of every program executed.
#                              Returns PROG's status (the list is written anyway).
#   cf_parse_trace LOG OUT     the same list from a trace already taken with
#                              "${CF_STRACE[@]}" -o LOG -- PROG ARGS...
#   cf_elf OUT PROG            without running anything: PROG, its interpreter
#                              and its DT_NEEDED libraries, recursively, resolved
#                              as the loader does (DT_RPATH/DT_RUNPATH with
#                              $ORIGIN, LD_LIBRARY_PATH, the ld.so.cache via
#                              `ldconfig -p`, the default directories), same
#                              machine as PROG only.
#   cf_sizes LIST              "size_bytes<TAB>path" lines of LIST's files.
# Files under /proc, /sys and /dev are never listed (not page-cache files).

# cf_keep PATH: prints PATH resolved (symlinks followed) when it is a regular
# file worth evicting.
cf_keep() {
    local p
    p=$(realpath -e -- "$1" 2>/dev/null) || return 0
    case $p in /proc/* | /sys/* | /dev/*) return 0 ;; esac
    [ -f "$p" ] && printf '%s\n' "$p"
    return 0
}

# cf_interp PROG [DEPTH]: what the kernel loads with PROG without a system call of
# its own: an ELF's program interpreter (PT_INTERP); a script's `#!`
# interpreter and, in turn, that one's. Status 0 whatever PROG is (under
# pipefail a failing readelf would end the caller's list half-written).
cf_interp() {
    local line i
    if IFS= read -r line 2>/dev/null <"$1" && [[ $line == '#!'* ]]; then
        read -r i _ <<<"${line#\#!}"
        if [ -n "$i" ] && [ -f "$i" ]; then
            printf '%s\n' "$i"
            # the kernel follows at most 4 levels of interpreters (binfmt_script)
            [ "${2:-0}" -ge 4 ] || cf_interp "$i" $((${2:-0} + 1))
        fi
        return 0
    fi
    { readelf -l -- "$1" 2>/dev/null || true; } | sed -n 's/.*\[Requesting program interpreter: \(.*\)\]$/\1/p'
}

# -y: every fd argument and return value as fd</path>, so a mapping names
# its file; -qq: no attach/exit noise; -f: every thread and child process.
# The program's own output stays out of the trace (-o).
# shellcheck disable=SC2034 # used by cold.sh
CF_STRACE=(strace -f -qq -y -e 'trace=openat,open,execve,mmap')

cf_trace() {
    local out=$1 log rc=0
    shift
    log=$(mktemp "${TMPDIR:-/tmp}/coldload-strace.XXXXXX")
    "${CF_STRACE[@]}" -o "$log" -- "$@" || rc=$?
    cf_parse_trace "$log" "$out"
    rm -f -- "$log"
    return "$rc"
}

cf_parse_trace() {
    local log=$1 out=$2 p
    {
        # successful opens: the returned fd's path; mmaps: the mapped fd's path
        sed -n -e 's/.*\<open\(at\)\?(.*) = [0-9][0-9]*<\(.*\)>$/\2/p' \
            -e 's/.*\<mmap(.*, [0-9][0-9]*<\([^>]*\)>, [0-9a-fx]*) = 0x.*/\1/p' "$log"
        # successful execs: the program and its interpreter
        sed -n 's/.*\<execve("\([^"]*\)", .*) = 0$/\1/p' "$log" | while IFS= read -r p; do
            printf '%s\n' "$p"
            cf_interp "$p"
        done
    } | while IFS= read -r p; do cf_keep "$p"; done | awk '!seen[$0]++' >"$out"
}

# cf_machine ELF: its e_machine as readelf names it ("Advanced Micro Devices X86-64");
# empty for a file that is no ELF (a script: readelf fails, and under pipefail
# that ended cold.sh at once, without a word).
cf_machine() {
    { readelf -h -- "$1" 2>/dev/null || true; } | sed -n 's/^ *Machine: *//p'
}

# cf_needed ELF: its search directories ("dir D", $ORIGIN expanded), then its
# DT_NEEDED names ("lib NAME"), so the directories are known before the names.
cf_needed() {
    local origin
    origin=$(dirname -- "$(realpath -e -- "$1")")
    readelf -d -- "$1" 2>/dev/null | awk -v o="$origin" '
        /\(NEEDED\)/ { s = $0; sub(/.*\[/, "", s); sub(/\].*/, "", s); libs[++nl] = s }
        /\((RPATH|RUNPATH)\)/ { s = $0; sub(/.*\[/, "", s); sub(/\].*/, "", s)
            gsub(/\$ORIGIN|\$\{ORIGIN\}/, o, s); n = split(s, d, ":")
            for (i = 1; i <= n; i++) if (d[i] != "") print "dir " d[i] }
        END { for (i = 1; i <= nl; i++) print "lib " libs[i] }'
}

cf_elf() {
    local out=$1 prog=$2 machine interp kind x d lib found
    local -a queue dirs cache_dirs search ld
    local -A seen=()
    machine=$(cf_machine "$prog")
    [ -n "$machine" ] || { cf_keep "$prog" >"$out"; return 0; }
    # the ld.so.cache's directories, in its order (ldconfig -p reads the cache only)
    mapfile -t cache_dirs < <(ldconfig -p 2>/dev/null | awk -F' => ' 'NF == 2 { sub(/\/[^\/]*$/, "", $2); if (!s[$2]++) print $2 }')
    queue=("$(realpath -e -- "$prog")")
    interp=$(cf_interp "$prog")
    [ -n "$interp" ] && queue+=("$interp")
    {
        while [ ${#queue[@]} -gt 0 ]; do
            x=${queue[0]}
            queue=("${queue[@]:1}")
            x=$(realpath -e -- "$x" 2>/dev/null) || continue
            [ -n "${seen[$x]:-}" ] && continue
            seen[$x]=1
            printf '%s\n' "$x"
            dirs=()
            while read -r kind d; do
                if [ "$kind" = dir ]; then dirs+=("$d"); continue; fi
                lib=$d found=
                if [[ $lib == */* ]]; then
                    found=$lib
                else
                    search=("${dirs[@]}")
                    IFS=: read -r -a ld <<<"${LD_LIBRARY_PATH:-}"
                    search+=("${ld[@]}" "${cache_dirs[@]}" /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu /lib64 /usr/lib64 /lib /usr/lib)
                    for d in "${search[@]}"; do
                        [ -n "$d" ] && [ -f "$d/$lib" ] && [ "$(cf_machine "$d/$lib")" = "$machine" ] && { found=$d/$lib; break; }
                    done
                fi
                [ -n "$found" ] && queue+=("$found")
            done < <(cf_needed "$x")
        done
    } | while IFS= read -r x; do cf_keep "$x"; done | awk '!seen[$0]++' >"$out"
}

cf_sizes() {
    local p
    while IFS= read -r p; do
        printf '%s\t%s\n' "$(stat -c %s -- "$p" 2>/dev/null || echo 0)" "$p"
    done <"$1"
}
