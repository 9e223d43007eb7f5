# shellcheck shell=bash
# harness/lib/widths.sh -- a width written into a run, the one way the jobs
# that ask a program at each width write it (threads.sh's cells, ab.sh's
# --widths): the width in the environment variables threaded runtimes read,
# and for {width} in the program's arguments. Sourced by harness/lib/all.sh.

# Variables set here are read by the callers.
# shellcheck disable=SC2034

# The variables a width is written into: OpenMP (libgomp, LLVM), OpenBLAS,
# MKL, BLIS, Rust's rayon, Go, Julia, numexpr.
CL_WIDTH_ENV_DEFAULT="OMP_NUM_THREADS OPENBLAS_NUM_THREADS MKL_NUM_THREADS BLIS_NUM_THREADS RAYON_NUM_THREADS GOMAXPROCS JULIA_NUM_THREADS NUMEXPR_NUM_THREADS"
CL_WIDTH_ENV=()

# cl_width_env "VAR...": CL_WIDTH_ENV = the variable names (blanks between
# them: CL_WIDTH_ENV_DEFAULT, or threads.sh's --width-env and
# --width-env-only), each checked: none, or a word that is no variable name,
# is a usage error naming the flag that gives them (exit 2, one line).
cl_width_env() {
    local v
    read -ra CL_WIDTH_ENV <<<"$1"
    [ ${#CL_WIDTH_ENV[@]} -gt 0 ] || cl_usage_error "--width-env-only: expected at least one variable name"
    for v in "${CL_WIDTH_ENV[@]}"; do
        [[ $v =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || cl_usage_error "--width-env: '$v' is not a variable name"
    done
}

# cl_width_envset VAR CELL: VAR (the caller's array), env(1)'s arguments that
# write CELL (a width, or `default`: none set) into CL_WIDTH_ENV's variables.
cl_width_envset() {
    local -n cl_we_out=$1
    local cl_we_v
    cl_we_out=()
    if [ "$2" = default ]; then
        for cl_we_v in "${CL_WIDTH_ENV[@]}"; do cl_we_out+=(-u "$cl_we_v"); done
    else
        for cl_we_v in "${CL_WIDTH_ENV[@]}"; do cl_we_out+=("$cl_we_v=$2"); done
    fi
}

# cl_width_args VAR CELL ARG...: VAR (the caller's array), the ARGs with each
# {width} in them replaced by CELL.
cl_width_args() {
    local -n cl_wa_out=$1
    local cl_wa_cell=$2 cl_wa_a
    shift 2
    cl_wa_out=()
    for cl_wa_a in "$@"; do cl_wa_out+=("${cl_wa_a//\{width\}/$cl_wa_cell}"); done
}

# cl_widths_distinct FLAG WIDTH...: a width given twice is a usage error
# naming FLAG (its runs would be one cell's).
cl_widths_distinct() {
    local flag=$1 w
    local -A seen=()
    shift
    for w in "$@"; do
        [ -z "${seen[$w]:-}" ] || cl_usage_error "$flag: width $w is given twice"
        seen[$w]=1
    done
}
