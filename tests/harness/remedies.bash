# tests/harness/remedies.bash -- shared by tests/harness/remedies.bats and
# tests/long/remedies.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

setup_file() { omp_setup_file; }
setup() { omp_setup; }
