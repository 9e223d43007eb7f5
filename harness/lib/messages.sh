# shellcheck shell=bash
# harness/lib/messages.sh -- what a harness says: cl_die (the reason, also
# in meta as NAME_error, then exit), cl_usage_error (exit 2), cl_warn (said
# and kept for meta's NAME_warnings). Sourced by harness/lib/all.sh.

# Variables set here are read by the scripts and the other lib files.
# shellcheck disable=SC2034

# The reason also goes into meta (NAME_error), so that report.sh can say
# which half of the report is missing and why. One line, whatever it quotes
# (a path, a program's stderr: cl_escape).
cl_die() {
    CL_DYING=1
    local msg
    cl_escape msg "$1"
    printf 'coldload %s: %s\n' "$CL_NAME" "$msg" >&2
    if [ -n "$CL_META" ] && [ -e "$CL_META" ]; then cl_meta "${CL_NAME}_error" "$1"; fi
    exit "${2:-1}"
}

# A usage error is one line: the problem and where the options are said
# (the usage itself is ~50 lines that would push the problem off the
# screen). The value quoted in it is the user's: one line (cl_escape).
cl_usage_error() {
    CL_DYING=1
    local msg
    cl_escape msg "$1"
    printf 'coldload %s: %s (see harness/%s.sh --help)\n' "$CL_NAME" "$msg" "$CL_NAME" >&2
    exit 2
}

cl_warn() {
    local msg
    cl_escape msg "$1"
    printf 'coldload %s: warning: %s\n' "$CL_NAME" "$msg" >&2
    CL_WARNINGS=$((CL_WARNINGS + 1))
    if [ -n "$CL_META" ] && [ -e "$CL_META" ]; then cl_meta warning "$CL_NAME: $1"; fi
}
