#!/bin/sh
# ignores_term.sh -- ignores SIGTERM and runs for 30 s: only KILL ends it.
trap '' TERM
sleep 30
