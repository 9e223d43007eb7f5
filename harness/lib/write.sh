# shellcheck shell=bash
# harness/lib/write.sh -- writing into a results directory: meta.txt's keys
# (cl_meta, its values one line: cl_escape), whole lines appended or none
# (cl_append, cl_put), and a failed write -- a full disk -- said once
# (cl_write_failed). The directory itself (made, checked, locked) is
# harness/lib/results.sh. Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# cl_meta KEY VALUE...: key=value appended to meta.txt, the value one line
# (cl_escape: a path with a newline stays that path, its newline written \n)
# and at most CL_META_MAX bytes of it taken.
cl_meta() {
    local k=$1 v
    shift
    cl_escape v "$*" "$CL_META_MAX"
    cl_append "$CL_META" "$k=$v"$'\n' || cl_write_failed "$CL_META"
}

# cl_escape VAR TEXT [MAX]: TEXT as one line into VAR, by the rule of every
# writer of coldload (src/common/text.h): each control character -- a byte
# below 0x20, or DEL -- written as an escape, \n, \r, \t or \xHH (ESC is
# \x1b); every other byte as it is, a backslash too, so escaping twice
# changes nothing. (Invalid UTF-8 and the C1 controls are left to the C
# readers, which escape them when they show the text.) MAX: at most the first
# MAX bytes of TEXT are taken, a longer one ending in "…(N bytes)".
CL_META_MAX=8192
cl_escape() {
    # (locals prefixed: VAR is set in the caller's scope, which a local of
    # the same name would hide)
    local LC_ALL=C _ce_t=$2 _ce_mark='' _ce_out='' _ce_c   # bytes, not characters
    if [ -n "${3:-}" ] && [ "${#_ce_t}" -gt "$3" ]; then
        _ce_mark="…(${#_ce_t} bytes)"
        _ce_t=${_ce_t:0:$3}
    fi
    if [[ $_ce_t == *[[:cntrl:]]* ]]; then
        _ce_t=${_ce_t//$'\n'/\\n} _ce_t=${_ce_t//$'\r'/\\r} _ce_t=${_ce_t//$'\t'/\\t}
        while [[ $_ce_t =~ ^([^[:cntrl:]]*)([[:cntrl:]])(.*)$ ]]; do
            _ce_out+=${BASH_REMATCH[1]} _ce_c=${BASH_REMATCH[2]} _ce_t=${BASH_REMATCH[3]}
            printf -v _ce_c '\\x%02x' "'$_ce_c"
            _ce_out+=$_ce_c
        done
        _ce_t=$_ce_out$_ce_t
    fi
    printf -v "$1" '%s%s' "$_ce_t" "$_ce_mark"
}

# cl_append FILE TEXT: TEXT (whole lines) appended with one printf, or not at
# all: when the write fails (a full disk) FILE is cut back to its size before
# it, so no line is ever left half-written (a meta.txt ending in
# "warm_error=15 measurement(s) faile" is misread). Returns 1 with the reason in
# CL_APPEND_ERR.
cl_append() {
    local size
    size=$(stat -c %s -- "$1" 2>/dev/null) || size=0
    if CL_APPEND_ERR=$({ printf '%s' "$2" >>"$1"; } 2>&1); then return 0; fi
    truncate -s "$size" -- "$1" 2>/dev/null || true
    CL_APPEND_ERR=${CL_APPEND_ERR##*: }
    return 1
}

# cl_put FILE TEXT: FILE made (or emptied) holding TEXT, written with one
# printf; 1 with the reason in CL_APPEND_ERR when the write failed (FILE is
# then left empty), for the caller's cl_write_failed: a full disk is one line
# at any step, never bash's "write error" (the load's pgid file included).
cl_put() {
    if CL_APPEND_ERR=$({ printf '%s' "$2" >"$1"; } 2>&1); then return 0; fi
    : >"$1" 2>/dev/null || true
    CL_APPEND_ERR=${CL_APPEND_ERR##*: }
    return 1
}

# cl_disk_full DIR: true when DIR's file system has no block left for us.
cl_disk_full() {
    local avail
    avail=$(stat -f -c %a -- "$1" 2>/dev/null) || return 1
    [ "$avail" -eq 0 ]
}

# cl_disk_line DIR: "MOUNT (DEVICE)" of the file system holding DIR.
cl_disk_line() {
    df -P -- "$1" 2>/dev/null | awk 'NR == 2 { print $6 " (" $1 ")" }'
}

# cl_write_failed FILE: a write into the results failed (cl_append said why).
# The first one ends the run, with one line naming the disk when it is full;
# the writes that follow (the clean-up's meta lines) fail quietly
# (CL_WRITES_FAILED). During the clean-up itself it only says so: the
# clean-up must finish.
CL_WRITES_FAILED=0
cl_write_failed() {
    [ "$CL_WRITES_FAILED" = 1 ] && return 0
    CL_WRITES_FAILED=1
    local msg="$1: a line could not be written: $CL_APPEND_ERR"
    if [[ $CL_APPEND_ERR == *"No space left"* ]] || cl_disk_full "$(dirname -- "$1")"; then
        msg=$(cl_disk_msg)
    fi
    if [ "$CL_CLEANING" = 1 ]; then
        printf 'coldload %s: %s\n' "$CL_NAME" "$msg" >&2
        return 0
    fi
    cl_die "$msg"
}

cl_disk_msg() {
    printf 'no space left on device: %s holding %s is full; stopped at the first failed write, the whole lines written so far are kept' \
        "$(cl_disk_line "$CL_OUT")" "$CL_OUT"
}

# cl_die_disk_full: a command failed and the results disk is full.
cl_die_disk_full() {
    CL_WRITES_FAILED=1
    cl_die "$(cl_disk_msg)"
}
