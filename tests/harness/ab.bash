# shellcheck shell=bash
# tests/harness/ab.bash -- what the ab tests share (tests/harness/ab.bats,
# tests/long/ab.bats): the OpenMP test program at one thread, and `ab ARGS`.

setup_file() { omp_setup_file; }
setup() {
    omp_setup
    # one thread: the work is the passes, the ratio of two pass counts
    export OMP_NUM_THREADS=1
}

# ab ARGS...: a short job, the way the tests want it fast
ab() {
    run bash "$H/ab.sh" --out "$O" --seed 7 "$@"
}
