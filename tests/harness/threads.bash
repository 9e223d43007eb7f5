# tests/harness/threads.bash -- shared by tests/harness/threads.bats and
# tests/long/threads.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

P=$PROGS

setup_file() { omp_setup_file; }
setup() { omp_setup; }


# threads ARGS...: a small run, the way the tests want it fast
threads() {
    run bash "$H/threads.sh" --quick --procs 2 --load pinned --widths "1 2" --remedies off --out "$O" "$@"
}
