#!/bin/sh
# daemon.sh -- leaves a process behind (MARKER, argv[1], marks it for the
# test to find): the run ends, the sleep would go on.
sleep "$1" &
echo started
