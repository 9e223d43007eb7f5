#!/bin/sh
# warmup_calls.sh -- a program that prints one time per call, with a clear
# warm-up: its first 8 calls take about 50 ms, the rest about 10 ms (the
# --series-regex tests: 'time: ([0-9.]+) ms'). It prints a heading and a
# line that is not a time first, as real programs do. Argument: how many
# calls (default 32); `none` prints no time at all.
n=${1:-32}
echo "warmup_calls: $n calls"
echo "time: unknown ms"
[ "$n" = none ] && exit 0
i=1
while [ "$i" -le "$n" ]; do
    # a small spread around each level: 0.0 .. 0.4 ms
    d=$((i % 5))
    if [ "$i" -le 8 ]; then echo "call $i time: 5$d.$d ms"; else echo "call $i time: 10.$d ms"; fi
    i=$((i + 1))
done
