#!/usr/bin/env bash
# tests/bats-beside.sh -- runs two sets of bats files at once, one beside the
# other, for `make harness-test`:
#
#   tests/bats-beside.sh BESIDE_FILE... -- FILE...
#
# The FILEs run as `bats FILE...` with their output as it comes; the
# BESIDE_FILEs run at the same time in a second bats, their output kept and
# printed after. Why: the BESIDE files are jobs whose runs mostly sleep (ab's
# and bisect's sleep programs, the cgroup cases timing sleeps), so on 2 CPUs
# they cost the others little, and the suite takes the longer of the two
# rather than their sum. What may run beside: no test of either set reads
# state the other makes (cgroups, stress-ng, processes are looked for by the
# test's own marker, process group or directory; a cgroup left behind is one
# whose launcher is gone, tests/harness/runcg.bash), and no test times
# anything absolutely (a busy machine is not a failing test).
# Exit 0 when both passed, 1 when either failed, 2 on a usage error.
set -uo pipefail

beside=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do beside+=("$1"); shift; done
if [ $# -lt 2 ] || [ ${#beside[@]} -eq 0 ]; then
    echo "usage: tests/bats-beside.sh BESIDE_FILE... -- FILE..." >&2
    exit 2
fi
shift

log=$(mktemp "${TMPDIR:-/tmp}/bats-beside.XXXXXX") || exit 2
# each set's seconds, said at the end: what to move when one set is the longer
{ t0=$SECONDS; bats "${beside[@]}"; r=$?; echo "=== beside took $((SECONDS - t0)) s"; exit "$r"; } >"$log" 2>&1 &
pid=$!
t0=$SECONDS
# stopped with the make that runs this, the second bats too
trap 'kill "$pid" 2>/dev/null; rm -f "$log"; exit 130' INT TERM

rc=0
bats "$@" || rc=1
echo "=== the others took $((SECONDS - t0)) s"
brc=0
wait "$pid" || brc=1
trap - INT TERM
echo "=== beside: ${beside[*]}"
cat "$log"
rm -f "$log"
[ "$brc" -eq 0 ] || { echo "bats-beside: a test of ${beside[*]} failed (above)" >&2; rc=1; }
[ "$rc" -eq 0 ] || echo "bats-beside: a test failed" >&2
exit "$rc"
