#!/usr/bin/env bash
# tests/run-suites.sh -- runs the test suites of a make target one after the
# other and prints what each took: `make test` (TARGET test-all) and
# `make test-long` (TARGET test-long-all) end with this table.
#
#   tests/run-suites.sh [-b BUILD] TARGET
#       BUILD first, with both CPUs (make -j2; its row is "build"), then every
#       suite TARGET depends on, in order, one at a time
#   tests/run-suites.sh -l TARGET  only list them
#
# The suites are the prerequisites of TARGET as make reads them (the top
# Makefile and every mk/*.mk add theirs with `test-all: SUITE`), so a suite a
# stage adds is timed without being named here. Each runs as its own make
# goal; a failing suite does not stop the others. Exit: 0 when every suite
# passed, 1 when any failed (named on the last line), 2 on a usage error.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

list=0 build=
case ${1:-} in
    -l) list=1; shift ;;
    -b) build=${2:-}; shift 2 || true ;;
esac
if [ $# -ne 1 ] || [ -z "$1" ]; then echo "usage: tests/run-suites.sh [-l | -b BUILD] TARGET" >&2; exit 2; fi
target=$1
MAKE=${MAKE:-make}

# make's database (-p) without running anything (-q): the rule line of TARGET
# holds its prerequisites, in the order they were added.
suites=$(LC_ALL=C "$MAKE" -pq --no-print-directory "$target" 2>/dev/null |
    awk -v t="$target" 'index($0, t ":") == 1 && !/^[^:]*:=/ { sub(/^[^:]*:[ \t]*/, ""); print; exit }')
[ -n "$suites" ] || { echo "run-suites: $target has no suites (make -pq $target)" >&2; exit 2; }
if [ "$list" = 1 ]; then tr ' ' '\n' <<<"$suites"; exit 0; fi

names=() secs=() states=() failed=()
total0=$(date +%s.%N)
for s in ${build:+build} $suites; do
    echo "=== $s"
    t0=$(date +%s.%N)
    rc=0
    if [ "$s" = build ]; then
        "$MAKE" --no-print-directory -j2 "$build" || rc=$?
    else
        "$MAKE" --no-print-directory "$s" || rc=$?
    fi
    t1=$(date +%s.%N)
    names+=("$s")
    secs+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')")
    if [ "$rc" -eq 0 ]; then states+=(ok); else states+=("FAILED (exit $rc)"); failed+=("$s"); fi
done
total=$(awk -v a="$total0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

echo
printf '%-16s %8s  %s\n' suite seconds result
for i in "${!names[@]}"; do
    printf '%-16s %8s  %s\n' "${names[i]}" "${secs[i]}" "${states[i]}"
done
printf '%-16s %8s\n' total "$total"
if [ ${#failed[@]} -gt 0 ]; then
    echo "run-suites: ${#failed[@]} of ${#names[@]} suites failed: ${failed[*]}" >&2
    exit 1
fi
echo "run-suites: all ${#names[@]} suites passed"
