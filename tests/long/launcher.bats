#!/usr/bin/env bats
# tests/long/launcher.bats -- the page's own runs through the one launcher
# (coldload-run) under a real pinned load: p28_timing at width 2 says what
# its threads did, as a threads job does (seconds of real load: make
# test-long; the QUICK formats are tests/harness/quick.bats').

load ../harness/helpers

@test "p28_timing width 2 under pinned load: its runs' own cgroup says why they were slow, in the second answer and a why verdict" {
    need_binaries
    [ "$(id -u)" = 0 ] || skip "needs root to make a cgroup"
    # a build without ising_trg: grad and svdvals (a loaded 2-thread TRG call takes seconds)
    b=$BATS_TEST_TMPDIR/build
    mkdir -p "$b"
    ln -s "$B/p28_timing" "$B/coldload-probe" "$B/coldload-run" "$b/"
    out=$BATS_TEST_TMPDIR/out
    COLDLOAD_BUILD=$b bash "$H/warm.sh" --out "$out" --quick --widths 2 --procs 2 --budget 1 \
        >"$BATS_TEST_TMPDIR/warm.log" 2>&1 || { cat "$BATS_TEST_TMPDIR/warm.log"; false; }
    COLDLOAD_BUILD=$b bash "$H/loaded.sh" --out "$out" --quick --widths 2 --procs 2 --budget 1 \
        --stressors 2 --load pinned >"$BATS_TEST_TMPDIR/loaded.log" 2>&1 || { cat "$BATS_TEST_TMPDIR/loaded.log"; false; }
    # skip-ok: Debian mounts a cgroup2 hierarchy, and root makes a cgroup in it
    [ "$(rows "$out/runs.csv" load pinned | col /dev/stdin method | sort -u)" = cgroup ] ||
        skip "no cgroup2 hierarchy here: $(col "$out/runs.csv" cg_why | sort -u)"
    run "$B/coldload-summarize" "$out"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the worst pinned cell's split, and each slow width-2 cell's finding
    grep -qE "Why, in (grad|svdvals) width 2: waiting for a CPU [0-9]+% of its median run, running [0-9]+%, blocked [0-9]+% \(its own cgroup's CPU pressure\)" "$out/report.md" ||
        { grep -o 'Pinned load[^#]*' "$out/report.md"; false; }
    grep -qE '^(WARN|NOTE) (waits-for-cpu|spins|wake-ups): (grad|svdvals) [^,]*, width 2, wait block, loaded pinned \(stressors 2\)' "$out/verdicts.txt" ||
        { cat "$out/verdicts.txt"; false; }
    # nothing of a run left: no cgroup of the launcher's
    [ -z "$(find /sys/fs/cgroup /sys/fs/cgroup/unified -maxdepth 1 -name 'coldload-run-*' 2>/dev/null)" ]
}
