#!/bin/sh
# fails_at_2.sh -- fails (exit 3) when OMP_NUM_THREADS is 2, else prints ok.
[ "${OMP_NUM_THREADS:-}" = 2 ] && { echo "width 2 is not supported" >&2; exit 3; }
echo ok
