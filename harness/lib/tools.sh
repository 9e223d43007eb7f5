# shellcheck shell=bash
# harness/lib/tools.sh -- the programs a harness needs: each missing one
# named with the Debian package that has it (cl_pkg_of, cl_need_tools), and
# our own binaries built (cl_need_binary); a job's own chart drawn when
# gnuplot is there (cl_chart), its text a gnuplot string of the data
# (cl_gp_string). Sourced by harness/lib/all.sh.

cl_pkg_of() {
    case $1 in
        time) echo time ;;
        ldd) echo libc-bin ;;
        setsid|mincore) echo util-linux ;;
        timeout|nproc|mktemp|realpath) echo coreutils ;;
        strace) echo strace ;;
        readelf) echo binutils ;;
        ldconfig) echo libc-bin ;;
        *) echo "$1" ;;
    esac
}

cl_need_tools() {
    local t missing=() pkgs=()
    for t in "$@"; do
        if ! type -P "$t" >/dev/null; then
            missing+=("$t")
            pkgs+=("$(cl_pkg_of "$t")")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    cl_die "missing ${missing[*]}: install the Debian package(s) ${pkgs[*]} (apt-get install ${pkgs[*]}, or make deps)" 2
}

cl_need_binary() {
    [ -x "$1" ] || cl_die "$1 is missing: build it with 'make'" 2
}

# cl_chart NAME: plots/NAME.gp run in CL_OUT/plots (it reads NAME.dat there,
# writes NAME.png and .svg), gnuplot's output in logs/gnuplot-NAME.out. A
# chart is no part of a job's answer: gnuplot missing or failing is a
# warning, and returns 1 (the data file is kept); 0 when drawn. The jobs
# whose charts are not coldload-summarize's (make history, make bisect).
cl_chart() {
    local name=$1
    if ! type -P gnuplot >/dev/null; then
        cl_warn "gnuplot is not installed: no chart (plots/$name.dat has its data)"
        return 1
    fi
    if ! (cd "$CL_OUT/plots" && LC_ALL=C.UTF-8 GNUPLOT_LIB=$CL_ROOT/plots gnuplot "$CL_ROOT/plots/$name.gp") \
        >"$CL_OUT/logs/gnuplot-$name.out" 2>&1; then
        cl_warn "gnuplot failed on plots/$name.gp (logs/gnuplot-$name.out)"
        return 1
    fi
}

# cl_gp_string TEXT: TEXT as a double-quoted string of a gnuplot data file
# (read there with stringcolumn: data, never a command): a quote or a
# backslash, which would end or escape it, a ', a control character a
# blank -- as coldload-summarize's chart labels (export/chartdata.c).
cl_gp_string() {
    local s=${1//[[:cntrl:]]/ }
    s=${s//\"/\'} s=${s//\\/\'}
    printf '"%s"' "$s"
}

# cl_program VAR FLAG PROG: the program PROG that FLAG names (a bare name
# looked up on PATH, as a shell would) into VAR as an absolute path, checked
# before anything starts: missing, a directory or not executable is a usage
# error naming FLAG (one line, exit 2). The one lookup of threads.sh's
# --binary, ab.sh's --a and --b and cold.sh's --binary.
cl_program() {
    local -n cl_program_var=$1
    local cl_program_flag=$2 cl_program_path=$3
    [[ $cl_program_path == */* ]] || cl_program_path=$(type -P -- "$cl_program_path" || echo "$cl_program_path")
    [ -e "$cl_program_path" ] || cl_usage_error "$cl_program_flag: '$3': no such file (nor a program on PATH)"
    [ ! -d "$cl_program_path" ] || cl_usage_error "$cl_program_flag: '$cl_program_path' is a directory"
    [ -x "$cl_program_path" ] || cl_usage_error "$cl_program_flag: '$cl_program_path' is not executable"
    # shellcheck disable=SC2034 # the caller's variable (a nameref)
    cl_program_var=$(cd "$(dirname "$cl_program_path")" && pwd)/$(basename "$cl_program_path")
}
