#!/bin/sh
# writes.sh FILE TEXT... -- writes TEXT to FILE: a program whose output is a
# file (threads.bats: {out} and --check-file). Its stdout, not checked then,
# says when FILE, or a file an earlier run wrote (WRITES_LOG lists them),
# was still there when it started.
f=$1
shift
[ ! -e "$f" ] || echo "there before the run: $f"
if [ -n "${WRITES_LOG:-}" ]; then
    if [ -e "$WRITES_LOG" ]; then
        while read -r p; do [ ! -e "$p" ] || echo "left by an earlier run: $p"; done <"$WRITES_LOG"
    fi
    echo "$f" >>"$WRITES_LOG"
fi
echo "wrote $f"
printf '%s\n' "$*" >"$f"
