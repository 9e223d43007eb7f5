# tests/harness/load.bash -- shared by tests/harness/load.bats and
# tests/long/load.bats (its cases under a long real load): their setup
# and helpers.
# shellcheck shell=bash

setup() {
    need_binaries
    command -v stress-ng >/dev/null || skip "stress-ng not installed"
    OUT=$BATS_TEST_TMPDIR/out
}

# usable_cpus: this shell's affinity list ∩ online, expanded (read here, not
# with the harness's code).
usable_cpus() {
    local allowed online r c
    allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status)
    online=$(cat /sys/devices/system/cpu/online)
    expand() { for r in ${1//,/ }; do if [[ $r == *-* ]]; then seq "${r%-*}" "${r#*-}"; else echo "$r"; fi; done; }
    comm -12 <(expand "$allowed" | sort) <(expand "$online" | sort) | sort -n | tr '\n' ' '
}

# start_loaded KIND S: a long loaded run in the background; returns once its
# workers are recorded in meta (pinned: after the harness's own check).
start_loaded() {
    env --default-signal=INT,TERM,HUP bash "$H/loaded.sh" --out "$OUT" --load "$1" --stressors "$2" \
        --widths 1 --procs 1 --budget 60 --runs 100000 --precision 0 >"$BATS_TEST_TMPDIR/log" 2>&1 3>&- &
    PID=$!
    wait_for grep -q "^loaded_$1_s$2_stress_pgid=" "$OUT/meta.txt"
    PGID=$(sed -n "s/^loaded_$1_s$2_stress_pgid=//p" "$OUT/meta.txt")
}

# stress_affinities PGID: "allowed-list" of every stress-ng process in the group, sorted.
stress_affinities() {
    local pid
    for pid in $(ps -e -o pid=,pgid=,comm= | awk -v g="$1" '$2 == g && $3 ~ /^stress-ng/ { print $1 }'); do
        sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$pid/status"
    done | sort -n
}

stop_loaded() {
    local rc=0
    kill -TERM "$PID"
    wait "$PID" || rc=$?
    [ "$rc" -eq 143 ] || { cat "$BATS_TEST_TMPDIR/log"; echo "exit $rc"; return 1; }
    no_live_in_group "$PGID"
}
