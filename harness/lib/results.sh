# shellcheck shell=bash
# harness/lib/results.sh -- the results directory: created, checked (no
# link, FIFO or device anywhere in it; samples.csv's, whole.csv's and
# runs.csv's headers),
# locked, and results/latest pointed at it; a benchmark's scratch directory;
# names never reused. Writing into it (meta.txt's keys, whole lines appended
# or none, a full disk said once) is harness/lib/write.sh; meta.txt's machine
# facts and probes harness/lib/meta.sh. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# cl_results_out_link VAR: --out a symbolic link: another user's is not
# followed (a link planted in a shared directory would point root's run
# anywhere, /etc included, as fs.protected_symlinks refuses in sticky
# directories); ours is, and said. VAR (the caller's) its target, empty when
# --out is no link.
cl_results_out_link() {
    local -n cl_rl_target=$1
    local cl_rl_owner
    cl_rl_target=''
    [ -L "$CL_OUT" ] || return 0
    cl_rl_owner=$(stat -c %u -- "$CL_OUT")
    if [ "$cl_rl_owner" != "$(id -u)" ]; then
        cl_die "--out $CL_OUT is a symbolic link of uid $cl_rl_owner (to $(readlink -- "$CL_OUT")), not ours: not followed; give the directory itself" 2
    fi
    cl_rl_target=$(readlink -f -- "$CL_OUT")
    printf 'coldload %s: --out %s is a symbolic link: writing into %s\n' "$CL_NAME" "$CL_OUT" "$cl_rl_target" >&2
}

# cl_results_files_check: the files every job appends to, in CL_OUT: each a
# regular file that can be appended to, and samples.csv, whole.csv and
# runs.csv, when there, with the header this build writes (whole.csv's
# header written when it is new); else one line, exit 2, before any run.
cl_results_files_check() {
    local f
    # Found now, not after every measurement: a samples.csv or whole.csv that
    # is not a regular file (a FIFO would block the binaries' open) or cannot
    # be appended to (read-only, immutable) in an otherwise writable directory.
    for f in "$CL_SAMPLES" "$CL_WHOLE" "$CL_OUT/runs.csv" "$CL_OUT/meta.txt"; do
        if [ -e "$f" ] && [ ! -f "$f" ]; then cl_die "$f is not a regular file: use another --out" 2; fi
        if [ -e "$f" ] && ! { : >>"$f"; } 2>/dev/null; then cl_die "$f cannot be appended to: use another --out" 2; fi
    done
    # Refuse before measuring rather than mix two layouts in one file.
    # The whole header, as the binaries would write it (--csv-header): an old
    # layout with the same tags would otherwise be accepted here, and then
    # every measurement refused by the binary. A binary without the option
    # (an older build): the tags at least.
    if [ -s "$CL_SAMPLES" ]; then
        local h want='' t tagargs=()
        IFS= read -r h <"$CL_SAMPLES"
        if [ -x "$CL_BUILD/p28_timing" ]; then
            for t in ${CL_SAMPLES_TAGS//,/ }; do tagargs+=(--tag "$t=x"); done
            want=$("$CL_BUILD/p28_timing" "${tagargs[@]}" --csv-header 2>/dev/null) || want=''
        fi
        if [ -n "$want" ]; then
            [ "$h" = "$want" ] ||
                cl_die "$CL_SAMPLES has another header than the binaries write ($want): use another --out" 2
        else
            [[ $h == *",$CL_SAMPLES_TAGS" ]] ||
                cl_die "$CL_SAMPLES has another header (not ending in $CL_SAMPLES_TAGS): use another --out" 2
        fi
    fi
    if [ -s "$CL_WHOLE" ]; then
        local h
        IFS= read -r h <"$CL_WHOLE"
        [ "$h" = "$CL_WHOLE_HEADER" ] || cl_die "$CL_WHOLE has another header: use another --out" 2
    else
        cl_append "$CL_WHOLE" "$CL_WHOLE_HEADER"$'\n' || cl_write_failed "$CL_WHOLE"
    fi
    # runs.csv (every job's runs go through coldload-run, which refuses to
    # append to another header): refused now, not once per run after them.
    if [ -s "$CL_OUT/runs.csv" ]; then
        local h want
        IFS= read -r h <"$CL_OUT/runs.csv" || true
        want=$(cl_runs_header) || want=''
        [ -z "$want" ] || [ "$h" = "$want" ] ||
            cl_die "$CL_OUT/runs.csv has another header than coldload-run writes ($want): use another --out" 2
    fi
}

cl_results_init() {
    local link=0 probe parent
    # the files written outside it, before anything is made or measured
    [ -z "${CL_OPT[EXPORT_HF]:-}" ] || cl_target_check --export-hyperfine "${CL_OPT[EXPORT_HF]}"
    CL_OUT=${CL_OPT[OUT]}
    if [ -z "$CL_OUT" ]; then
        CL_OUT=$CL_RESULTS/$(date -u +%Y%m%dT%H%M%SZ)-$(hostname)
    fi
    # results/latest is replaced only when it is a link: checked now, before
    # anything is made (ln -sfn would remove a file or a device node there,
    # and write into a directory).
    parent=$(cd "$(dirname -- "$CL_OUT")" 2>/dev/null && pwd) || parent=''
    if [ -d "$CL_RESULTS" ] && [ "$parent" = "$(cd "$CL_RESULTS" && pwd)" ]; then
        cl_latest_check "$CL_RESULTS/latest"
    fi
    local out_link=''
    cl_results_out_link out_link
    # Nothing in it is written through a link or into a FIFO or a device:
    # whoever can write a shared results directory could plant one where a
    # file or a directory of ours goes (remedies/r0 -> /etc). Checked before
    # anything is made or locked in it, and before CL_META is set, so that
    # dying here writes nothing through one either.
    [ ! -d "$CL_OUT" ] || cl_results_check "$CL_OUT"
    mkdir -p -- "$CL_OUT" 2>/dev/null || cl_die "cannot create the output directory $CL_OUT" 2
    cl_results_dir "$CL_OUT/logs"
    cl_results_dir "$CL_OUT/hyperfine"
    probe=$(mktemp "$CL_OUT/.write-test.XXXXXX" 2>/dev/null) ||
        cl_die "output directory $CL_OUT is not writable" 2
    rm -f -- "$probe"
    CL_OUT=$(cd "$CL_OUT" && pwd)
    # tell the supervisor where meta is (cl_supervise)
    if [ -n "${COLDLOAD_OUT_FILE:-}" ]; then printf '%s\n' "$CL_OUT" >"$COLDLOAD_OUT_FILE"; fi
    cl_lock
    if [ -d "$CL_RESULTS" ] && [ "$(dirname "$CL_OUT")" = "$(cd "$CL_RESULTS" && pwd)" ]; then link=1; fi
    CL_META=$CL_OUT/meta.txt
    CL_SAMPLES=$CL_OUT/samples.csv
    CL_WHOLE=$CL_OUT/whole.csv
    cl_results_files_check
    touch "$CL_META"
    if [ -n "$out_link" ]; then cl_meta out_symlink "$out_link"; fi
    # What the binaries said they run (their --describe tables), for the report.
    cl_workloads_tsv "$CL_OUT/workloads.tsv" || cl_write_failed "$CL_OUT/workloads.tsv"
    if [ "$link" = 1 ]; then cl_latest_link "$CL_RESULTS/latest"; fi
    printf 'coldload %s: results in %s\n' "$CL_NAME" "$CL_OUT" >&2
}

# cl_results_unused DIR: DIR (an existing --out) holds no other job's
# results -- no row in runs.csv, samples.csv or whole.csv, no results.json,
# no meta.txt of another job -- else one line, exit 2, before anything is
# made or written there (what it holds is kept). For a job whose runs are
# matched across the directory's files (ab.sh pairs its runs by block
# number): another job's would be paired with its own.
cl_results_unused() {
    local f job=''
    for f in runs.csv samples.csv whole.csv; do
        if [ -f "$1/$f" ] && [ "$(head -n 2 -- "$1/$f" 2>/dev/null | wc -l)" -gt 1 ]; then
            cl_die "--out $1 already holds another job's runs ($f): this $CL_NAME job needs a directory of its own, or their runs would be mixed with its own; give a new --out (those results are kept)" 2
        fi
    done
    if [ -f "$1/meta.txt" ]; then job=$(head -c 65536 -- "$1/meta.txt" | sed -n 's/^job=//p' | tail -n 1); fi
    if [ -n "$job" ] && [ "$job" != "$CL_NAME" ]; then
        cl_die "--out $1 holds a $job job's results (meta.txt job=$job): this $CL_NAME job there would replace its answers; give a new --out (those results are kept)" 2
    fi
    if [ -e "$1/results.json" ]; then
        cl_die "--out $1 already holds a job's answers (results.json): this $CL_NAME job there would replace them; give a new --out (those results are kept)" 2
    fi
    return 0
}

# cl_runs_header: the header coldload-run writes runs.csv with, the
# harnesses' tags after its column table (--list-columns); nothing when the
# launcher cannot say it (not built: the job refuses that itself).
cl_runs_header() {
    local cols
    cols=$("$CL_BUILD/coldload-run" --list-columns 2>/dev/null |
        awk -F'\t' 'NR > 1 { printf "%s%s", sep, $1; sep = "," }') || return 1
    [ -n "$cols" ] || return 1
    printf '%s,%s\n' "$cols" "$CL_SAMPLES_TAGS"
}

# cl_file_kind PATH: what PATH is, for messages ("a FIFO", "a character
# device" ...), as the C tools say it (common/safefile.c).
cl_file_kind() {
    case $(stat -c %F -- "$1" 2>/dev/null) in
        'regular file' | 'regular empty file') echo 'a regular file' ;;
        directory) echo 'a directory' ;;
        'symbolic link') echo 'a symbolic link' ;;
        fifo) echo 'a FIFO' ;;
        'character special file') echo 'a character device' ;;
        'block special file') echo 'a block device' ;;
        socket) echo 'a socket' ;;
        *) echo 'not a file' ;;
    esac
}

# cl_results_check DIR: DIR (a results directory about to be written into)
# holds no symbolic link and nothing but regular files and directories,
# anywhere below it; else one line naming the first such path, exit 2.
cl_results_check() {
    local bad
    bad=$(find -H "$1" -mindepth 1 \( -type l -o \( ! -type f ! -type d \) \) -print -quit 2>/dev/null) || true
    [ -n "$bad" ] || return 0
    if [ -L "$bad" ]; then
        cl_die "$bad is a symbolic link (to $(readlink -- "$bad")): not followed; use another --out" 2
    fi
    cl_die "$bad is not a regular file ($(cl_file_kind "$bad")): use another --out" 2
}

# cl_results_dir DIR: DIR, a directory of a results directory coldload
# writes into (logs/, remedies/r1, scan-run/), made when absent; one that is
# a symbolic link or not a directory is refused (exit 2), never written
# through.
cl_results_dir() {
    if [ -L "$1" ]; then cl_die "$1 is a symbolic link (to $(readlink -- "$1")): not followed; use another --out" 2; fi
    if [ -e "$1" ] && [ ! -d "$1" ]; then cl_die "$1 is not a directory ($(cl_file_kind "$1")): use another --out" 2; fi
    mkdir -p -- "$1" 2>/dev/null || cl_die "$1: could not be made" 2
}

# cl_target_check FLAG PATH: a file coldload will write outside a results
# directory (--export-hyperfine) may be written only when it is absent or a
# regular file -- a rename over /dev/null would replace the device node --
# and a file can be made in its directory (a missing one, a read-only mount,
# /proc fail here). Checked before any run: one line, exit 2. The C tools
# check the same (common/safefile.h) when they write it.
cl_target_check() {
    local flag=$1 p=$2 dir probe
    if [ -L "$p" ]; then cl_die "$flag $p: a symbolic link: not followed" 2; fi
    if [ -e "$p" ] && [ ! -f "$p" ]; then cl_die "$flag $p: $(cl_file_kind "$p"), not a regular file: not replaced" 2; fi
    dir=$(dirname -- "$p")
    [ -d "$dir" ] || cl_die "$flag $p: no directory $dir to write it in" 2
    probe=$(mktemp "$dir/.${p##*/}.XXXXXX" 2>&1) || cl_die "$flag $p: no file can be made in $dir: ${probe##*: }" 2
    rm -f -- "$probe"
}

# cl_latest_check LINK: LINK (results/latest) may be replaced only when it
# is absent or a symbolic link; else one line, exit 2.
cl_latest_check() {
    if [ -e "$1" ] && [ ! -L "$1" ]; then
        cl_die "$1 is $(cl_file_kind "$1"), not the link to the newest results: not replaced; remove it or give --out" 2
    fi
    return 0
}

# cl_latest_link LINK: LINK made a link to CL_OUT (its name: they are
# siblings), replacing an older link only.
cl_latest_link() {
    cl_latest_check "$1"
    ln -sfn -- "$(basename "$CL_OUT")" "$1"
}

# cl_scratch_out NAME: a benchmark's working directory as CL_OUT, with logs/:
# $OUT when set (kept), else a new temporary one removed on exit (after
# stress-ng is stopped: cl_on_exit).
cl_scratch_out() {
    if [ -n "${OUT:-}" ]; then
        mkdir -p "$OUT/logs"
        CL_OUT=$(cd "$OUT" && pwd)
    else
        CL_OUT=$(mktemp -d "${TMPDIR:-/tmp}/coldload-$1.XXXXXX")
        mkdir "$CL_OUT/logs"
        CL_TMPDIRS+=("$CL_OUT")
    fi
}

# cl_lock: one writer per results directory. Two runs into one --out would
# clobber each other's log names and mix their rows; the second is refused.
# The lock is an flock on <out>/.lock held by an fd for the whole run;
# report.sh's harnesses inherit that fd (COLDLOAD_LOCK_FD) and so hold the
# same lock, while the binaries and stress-ng are started without it.
cl_lock() {
    local fd=${COLDLOAD_LOCK_FD:-}
    if [[ $fd =~ ^[0-9]+$ ]] && [ "$(readlink "/proc/$$/fd/$fd" 2>/dev/null)" = "$(readlink -f "$CL_OUT/.lock")" ]; then
        CL_LOCK_FD=$fd
    else
        exec {CL_LOCK_FD}>>"$CL_OUT/.lock" || cl_die "cannot open the lock $CL_OUT/.lock" 2
    fi
    if ! flock -n "$CL_LOCK_FD"; then
        local holder
        holder=$(fuser "$CL_OUT/.lock" 2>/dev/null | tr -s ' ' || true)
        CL_OUT=''   # not ours: nothing of the other run's may be touched on exit
        cl_die "another coldload run is writing into this directory (flock on its .lock is held${holder:+ by pid$holder}): wait for it or use another --out" 2
    fi
    export COLDLOAD_LOCK_FD=$CL_LOCK_FD
}

# cl_unique PATH SUFFIX: never reuse a log or export name, so re-running into
# the same directory keeps what the earlier run wrote.
cl_unique() {
    local p=$1 i=2
    while [ -e "$p$2" ] || [ -L "$p$2" ]; do   # a dangling link is taken too
        p=$1-$i
        i=$((i + 1))
    done
    echo "$p"
}
