#!/bin/sh
# one_line.sh -- writes $1 bytes of 'x' to stdout (default 524288000: 500 MB)
# in one line, with no newline, and $2 bytes of 'y' to stderr (default 0): a
# program whose output must not become the harness's problem (threads.bats).
# Any further argument is ignored (the tests pass {width} or a marker).
head -c "${1:-524288000}" /dev/zero | tr '\0' x
head -c "${2:-0}" /dev/zero | tr '\0' y >&2
