#!/usr/bin/env bash
# tests/bats-beside.sh -- runs sets of bats files at once, each beside the
# others, for `make test`'s bats (make bats-test) and `make harness-test`:
#
#   tests/bats-beside.sh SET_FILE... -- SET_FILE... [-- SET_FILE...]
#
# The last set runs as `bats FILE...` with its output as it comes; every set
# before it runs at the same time in a bats of its own, its output kept and
# printed after. Why: on 2 CPUs the suite takes the longest set rather than
# the sum, when the sets leave each other CPU: the first set is the files
# whose jobs mostly sleep (ab's and bisect's sleep programs, the cgroup cases
# timing sleeps), the report set reads fixtures (nothing in it is timed).
# What may run beside: no test of one set reads state another makes
# (cgroups, stress-ng, processes are looked for by the test's own marker,
# process group or directory; a cgroup left behind is one whose launcher is
# gone, tests/harness/runcg.bash), and no test times anything absolutely (a
# busy machine is not a failing test). Each set's seconds are said at the
# end: what to move when one set is the longest.
# Exit 0 when every set passed, 1 when any failed, 2 on a usage error.
set -uo pipefail

usage() { echo "usage: tests/bats-beside.sh SET_FILE... -- SET_FILE... [-- SET_FILE...]" >&2; exit 2; }

# the sets, each a line of files (bats file names hold no newline)
sets=() cur=()
for a in "$@"; do
    if [ "$a" = -- ]; then
        [ ${#cur[@]} -gt 0 ] || usage
        sets+=("$(printf '%s\n' "${cur[@]}")")
        cur=()
    else
        cur+=("$a")
    fi
done
if [ ${#cur[@]} -eq 0 ] || [ ${#sets[@]} -eq 0 ]; then usage; fi
last=("${cur[@]}")

logs=() pids=()
# stopped with the make that runs this, the sets beside too
trap 'kill "${pids[@]}" 2>/dev/null; rm -f "${logs[@]}"; exit 130' INT TERM
for s in "${sets[@]}"; do
    log=$(mktemp "${TMPDIR:-/tmp}/bats-beside.XXXXXX") || exit 2
    mapfile -t files <<<"$s"
    { t0=$SECONDS; bats "${files[@]}"; r=$?; echo "=== took $((SECONDS - t0)) s"; exit "$r"; } >"$log" 2>&1 &
    logs+=("$log") pids+=($!)
done

t0=$SECONDS
rc=0
bats "${last[@]}" || rc=1
echo "=== the last set took $((SECONDS - t0)) s"
for i in "${!pids[@]}"; do
    brc=0
    wait "${pids[i]}" || brc=1
    echo "=== beside: $(tr '\n' ' ' <<<"${sets[i]}")"
    cat "${logs[i]}"
    if [ "$brc" -ne 0 ]; then echo "bats-beside: a test of the set above failed" >&2; rc=1; fi
done
trap - INT TERM
rm -f "${logs[@]}"
[ "$rc" -eq 0 ] || echo "bats-beside: a test failed" >&2
exit "$rc"
