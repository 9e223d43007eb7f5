# shellcheck shell=bash
# harness/lib/tools.sh -- the programs a harness needs: each missing one
# named with the Debian package that has it (cl_pkg_of, cl_need_tools), and
# our own binaries built (cl_need_binary). Sourced by harness/lib/all.sh.

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
