# tests/harness/scan.bash -- shared by tests/harness/scan.bats and
# tests/long/scan.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

setup() {
    need_binaries
    [ -x "$B/coldload-scan" ] || skip "build/coldload-scan is not built (make)"
    OUT=$BATS_TEST_TMPDIR/out
}

ncpu() {
    local allowed online r
    allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status)
    online=$(cat /sys/devices/system/cpu/online)
    expand() { for r in ${1//,/ }; do if [[ $r == *-* ]]; then seq "${r%-*}" "${r#*-}"; else echo "$r"; fi; done; }
    comm -12 <(expand "$allowed" | sort) <(expand "$online" | sort) | wc -l
}

# plan N: the dry-run plan for a machine of N CPUs (COLDLOAD_NPROC), as
# "scan phase: widths" lines, and the process count.
plan() {
    run env COLDLOAD_NPROC="$1" bash "$H/scan.sh" --quick --dry-run
    [ "$status" -eq 0 ]
    body=$(printf '%s\n' "${lines[@]}" | sed -n '/^scan workload/,$p' | tail -n +2)
}
# axis SCAN COLUMN: the distinct values of a column of the plan's body, sorted
axis() { printf '%s\n' "$body" | awk -v s="$1" -v c="$2" '$1 == s { print $c }' | sort -u | sort -n | paste -sd' '; }
