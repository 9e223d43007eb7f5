#!/usr/bin/env bats
# tests/long/load.bats -- the cases of tests/harness/load.bats that take a
# long real load: make test-long (CI runs it too).

load ../harness/helpers
load ../harness/load

@test "pinned with more workers than CPUs: round-robin, two on the first CPU" {
    read -ra cpus <<<"$(usable_cpus)"
    n=${#cpus[@]}
    start_loaded pinned $((n + 1))
    [ "$(stress_affinities "$PGID" | grep -cx "${cpus[0]}")" -eq 4 ]
    stop_loaded
}

@test "free: the workers keep the whole affinity list, and none is left after TERM" {
    start_loaded free 2
    all=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status)
    [ "$(stress_affinities "$PGID" | sort -u)" = "$all" ]
    [ "$(stress_affinities "$PGID" | wc -l)" -eq 3 ]   # the parent and 2 workers
    stop_loaded
}

@test "a pinned worker that is not on its CPU is a failure, not a warning" {
    # a stress-ng that ignores --taskset: its workers may run anywhere
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    printf '#!/bin/sh\nexec %s --cpu 1 --timeout 30s\n' "$(command -v stress-ng)" >"$BATS_TEST_TMPDIR/bin/stress-ng"
    chmod +x "$BATS_TEST_TMPDIR/bin/stress-ng"
    # skip-ok: fires on a machine of one CPU only, nothing to install
    [ "$(nproc)" -ge 2 ] || skip "needs 2 CPUs to tell pinned from unbound"
    PATH=$BATS_TEST_TMPDIR/bin:$PATH run bash "$H/loaded.sh" --out "$OUT" --quick --load pinned --stressors 2 \
        --widths 1 --procs 1 --budget 1 --runs 2
    [ "$status" -eq 1 ]
    [[ $output == *"pinned load is not pinned"* ]]
    grep -q '^loaded_error=pinned load is not pinned' "$OUT/meta.txt"
    [ "$(sed -n 's/^loaded_pinned_s2_stress_pgid=//p' "$OUT/meta.txt")" = "" ]
    no_live_in_group "$(cat "$OUT/stress-ng.pgid")"
}

@test "stress-ng runs from a directory the user cannot write (the container's case)" {
    [ "$(id -u)" -eq 0 ] || skip "needs root to switch to an unprivileged user"
    # skip-ok: Debian has the user nobody
    id nobody >/dev/null 2>&1 || skip "no user nobody"
    # bats's own temporary directories are root's alone: a shared one
    top=$(mktemp -d /tmp/coldload-test.XXXXXX)
    chmod 0777 "$top"
    mkdir -m 0555 "$top/ro"
    cd "$top/ro"
    run setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/nonexistent \
        bash "$H/loaded.sh" --out "$top/out" --quick --load both --stressors 1 --widths 1 --procs 1 --budget 0.2 --runs 2
    echo "$output"
    cd /
    loads=$(col "$top/out/samples.csv" load | sort -u | tr '\n' ' ')
    rm -rf -- "$top"
    [ "$status" -eq 0 ]
    [ "$loads" = "free pinned " ]
}

@test "K processes per cell, shuffled within each round; the same seed gives the same order" {
    # a build without ising_trg: grad and svdvals at 2 widths, 12 processes a run
    mkdir -p "$BATS_TEST_TMPDIR/build"
    ln -s "$B/p28_timing" "$B/coldload-probe" "$B/coldload-run" "$BATS_TEST_TMPDIR/build/"
    order() {
        COLDLOAD_BUILD=$BATS_TEST_TMPDIR/build bash "$H/warm.sh" --out "$1" --quick --widths "1 2" --procs 3 \
            --seed "$2" --budget 0.05 --runs 1 2>&1 | sed -n 's/.*\] idle: \(.*\) | elapsed.*/\1/p'
    }
    a=$(order "$BATS_TEST_TMPDIR/a" 7)
    b=$(order "$BATS_TEST_TMPDIR/b" 7)
    c=$(order "$BATS_TEST_TMPDIR/c" 8)
    # shellcheck disable=SC2001 # a line at a time: ${a//...} would cut at the first match of all
    cells=$(sed 's/, process.*//' <<<"$a" | sort -u | wc -l)
    [ "$cells" -ge 4 ]   # grad and svdvals at 2 widths at least
    [ "$(wc -l <<<"$a")" -eq $((3 * cells)) ]
    [ "$a" = "$b" ]
    [ "$a" != "$c" ]
    grep -q '^warm_shuffle_seed=7$' "$BATS_TEST_TMPDIR/a/meta.txt"
    # each round holds every cell once: process k of 3 appears once per cell
    for k in 1 2 3; do
        [ "$(grep -c "process $k of 3" <<<"$a")" -eq "$cells" ]
        [ "$(grep "process $k of 3" <<<"$a" | sort -u | wc -l)" -eq "$cells" ]
    done
    # and the order is not the same in every round
    r1=$(grep "process 1 of 3" <<<"$a" | sed 's/, process.*//')
    r2=$(grep "process 2 of 3" <<<"$a" | sed 's/, process.*//')
    r3=$(grep "process 3 of 3" <<<"$a" | sed 's/, process.*//')
    [ "$r1" != "$r2" ] || [ "$r2" != "$r3" ]
}

@test "pinned: one worker bound to each usable CPU, seen live in /proc, and none left after TERM" {
    read -ra cpus <<<"$(usable_cpus)"
    n=${#cpus[@]}
    start_loaded pinned "$n"
    # each stress-ng (parent and worker) may run on exactly one CPU, one pair per CPU
    want=$(for c in "${cpus[@]}"; do echo "$c"; echo "$c"; done | sort -n | tr '\n' ' ')
    [ "$(stress_affinities "$PGID" | tr '\n' ' ')" = "$want" ]
    # meta names them, pid@cpu, the same set
    [ "$(sed -n 's/^loaded_pinned_s[0-9]*_workers=//p' "$OUT/meta.txt" | tr ' ' '\n' | sed 's/.*@//' | sort -n | tr '\n' ' ')" = "$want" ]
    stop_loaded
}
