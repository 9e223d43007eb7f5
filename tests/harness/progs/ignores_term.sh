#!/bin/sh
# ignores_term.sh -- ignores SIGTERM and sleeps for $1 seconds (default 30;
# the tests pass a marked value such as 30.12345 to find it): only KILL ends it.
trap '' TERM
sleep "${1:-30}"
