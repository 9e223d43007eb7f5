#!/bin/sh
# by_width.sh -- a program whose output depends on the width it is given:
# it prints the width variables it sees (threads.bats: output-differs).
echo "OMP_NUM_THREADS=${OMP_NUM_THREADS:-unset} RAYON_NUM_THREADS=${RAYON_NUM_THREADS:-unset} GOMAXPROCS=${GOMAXPROCS:-unset} EXTRA=${COLDLOAD_TEST_EXTRA:-unset} args=$*"
