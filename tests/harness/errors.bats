#!/usr/bin/env bats
# tests/harness/errors.bats -- the harnesses' refusals (missing tools, bad
# flags, unwritable or foreign output) and their promises: budgets mark
# truncated rows, results are appended and never lost, widths above the CPUs
# are said, a missing ising_trg is skipped, any binary can be investigated.
# (the cases under a long real load: tests/long/errors.bats, make test-long)

load helpers
load errors

@test "loaded.sh without stress-ng on PATH: exit 2 naming the package, before anything runs" {
    p=$(path_without stress-ng)
    PATH=$p run "$p/bash" "$H/loaded.sh" --out "$OUT" --quick
    [ "$status" -eq 2 ]
    [[ $output == *"stress-ng"*"Debian package"*"stress-ng"* ]]
    [ "${#lines[@]}" -eq 1 ]
    [ ! -e "$OUT" ]
}

@test "cold.sh without hyperfine and jq: exit 2 naming both packages" {
    p=$(path_without hyperfine jq)
    PATH=$p run "$p/bash" "$H/cold.sh" --out "$OUT" --quick
    [ "$status" -eq 2 ]
    [[ $output == *"hyperfine jq"* ]]
    [[ $output == *"apt-get install hyperfine jq"* ]]
    [ ! -e "$OUT" ]
}

@test "warm.sh without build/coldload-run (every run goes through the launcher): exit 2 naming it, nothing written" {
    b=$BATS_TEST_TMPDIR/build
    mkdir -p "$b"
    for f in "$B"/*; do [ "${f##*/}" = coldload-run ] || ln -s "$f" "$b/"; done
    COLDLOAD_BUILD=$b run bash "$H/warm.sh" --out "$OUT"
    [ "$status" -eq 2 ]
    [[ $output == *"$b/coldload-run is missing: build it with 'make'"* ]]
    [ ! -e "$OUT" ]
}

@test "bad flags: one line pointing at --help and exit 2, nothing written" {
    for args in "--widths 0" "--widths 1,x" "--widths ''" "--budget -1" "--budget abc" "--budget 0" \
                "--runs 0" "--stressors 0" "--frobnicate" "--out"; do
        eval "run bash \"\$H/warm.sh\" --out \"\$OUT\" $args"
        [ "$status" -eq 2 ] || { echo "$args: exit $status"; return 1; }
        [ "${#lines[@]}" -eq 1 ] || { echo "$args: ${#lines[@]} lines: $output"; return 1; }
        [[ $output == "coldload warm: "*" (see harness/warm.sh --help)" ]] || { echo "$args: $output"; return 1; }
    done
    run bash "$H/cold.sh" --copies 0
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--copies: expected an integer in 1..100, got '0'"* ]]
    run bash "$H/cold.sh" -- --foo
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"need --binary"* ]]
    run bash "$H/cold.sh" --binary "$BATS_TEST_TMPDIR/nothing-here"
    [ "$status" -eq 2 ]
    run bash "$H/loaded.sh" --stressors two
    [ "$status" -eq 2 ]
    [ ! -e "$OUT" ]
    run bash "$H/warm.sh" --help
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "usage: harness/warm.sh"* ]]
}

@test "an output directory that cannot be made or written: exit 2" {
    echo x >"$BATS_TEST_TMPDIR/file"
    run bash "$H/warm.sh" --out "$BATS_TEST_TMPDIR/file/sub"
    [ "$status" -eq 2 ]
    [[ $output == *"cannot create the output directory"* ]]
    run bash "$H/warm.sh" --out /proc/coldload-test
    [ "$status" -eq 2 ]
}

@test "a samples.csv with another header is refused (exit 2) and left as it was" {
    mkdir -p "$OUT"
    printf 'a,b\n1,2\n' >"$OUT/samples.csv"
    run bash "$H/warm.sh" --quick --out "$OUT" --widths 1 --budget 0.2 --runs 3
    [ "$status" -eq 2 ]
    [[ $output == *"another header"* ]]
    [ "$(cat "$OUT/samples.csv")" = "$(printf 'a,b\n1,2')" ]
}

@test "a foreign runs.csv is refused up front by every job that writes it (exit 2, one line), kept as it was" {
    local job
    for job in "threads.sh --binary /bin/true --quick" "ab.sh --a /bin/true --b /bin/true" \
        "warm.sh --quick --widths 1 --runs 3"; do
        rm -rf "$OUT"
        mkdir -p "$OUT"
        echo keep >"$OUT/runs.csv"
        # shellcheck disable=SC2086 # the job's words
        run bash "$H/"$job --out "$OUT"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ $output == *"runs.csv has another header than coldload-run writes (timestamp,"*",load,proc): use another --out" ]]
        [ "$(cat "$OUT/runs.csv")" = keep ]
        run compgen -G "$OUT/logs/*"
        [ "$status" -ne 0 ]
    done
}

@test "a flag as a flag's value (--out --quick) is refused, no ./--quick made" {
    cd "$BATS_TEST_TMPDIR"
    run bash "$H/warm.sh" --out --quick
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == *"--out needs a value, got the flag '--quick'"* ]]
    [ ! -e ./--quick ]
}

@test "a second writer into one --out is refused (exit 2) while the first holds its lock" {
    mkdir -p "$OUT"
    flock "$OUT/.lock" sleep 60 3>&- &
    holder=$!
    # fuser asked at each poll (a $(fuser) argument would be asked once, maybe before flock opened it)
    wait_for fuser -s "$OUT/.lock"
    run bash "$H/warm.sh" --out "$OUT" --quick --widths 1
    kill "$holder"
    [ "$status" -eq 2 ]
    [[ $output == *"another coldload run is writing into this directory"* ]]
    [ ! -e "$OUT/samples.csv" ]
}

@test "a samples.csv that is a FIFO, or cannot be appended to, is found up front (exit 2)" {
    mkdir -p "$OUT"
    mkfifo "$OUT/samples.csv"
    run timeout 20 bash "$H/warm.sh" --out "$OUT" --quick --widths 1
    [ "$status" -eq 2 ]
    [[ $output == *"samples.csv is not a regular file"* ]]
    [ "$(id -u)" = 0 ] || skip "the read-only file needs a bind mount (root)"
    rm -f "$OUT/samples.csv"
    : >"$OUT/samples.csv"
    # skip-ok: root bind-mounts a file read-only on any Linux
    mount --bind -o ro "$OUT/samples.csv" "$OUT/samples.csv" || skip "no read-only bind mount here"
    run timeout 20 bash "$H/warm.sh" --out "$OUT" --quick --widths 1
    umount "$OUT/samples.csv"
    [ "$status" -eq 2 ]
    [[ $output == *"samples.csv cannot be appended to"* ]]
    [ ! -s "$OUT/whole.csv" ] || [ "$(wc -l <"$OUT/whole.csv")" -le 1 ]
}

@test "a planted symlink for a file the harness appends to (runs-lines.tsv, stops.csv, stress-ng.pgid, meta.txt) is refused (exit 2), its target untouched" {
    for f in runs-lines.tsv stops.csv stress-ng.pgid meta.txt; do
        rm -rf "$OUT"
        mkdir -p "$OUT"
        printf 'precious\n' >"$BATS_TEST_TMPDIR/target"
        ln -s "$BATS_TEST_TMPDIR/target" "$OUT/$f"
        run timeout 20 bash "$H/warm.sh" --out "$OUT" --quick --widths 1
        [ "$status" -eq 2 ]
        [[ $output == *"$f is a symbolic link (to $BATS_TEST_TMPDIR/target): not followed"* ]]
        [ "$(cat "$BATS_TEST_TMPDIR/target")" = precious ]
    done
}

@test "a symbolic link anywhere in the results directory (remedies/r0 -> elsewhere) is refused before any run (exit 2), nothing written through it" {
    mkdir -p "$OUT/remedies" "$BATS_TEST_TMPDIR/victim"
    ln -s "$BATS_TEST_TMPDIR/victim" "$OUT/remedies/r0"
    run timeout 20 bash "$H/threads.sh" --remedies all --out "$OUT" --quick --binary /bin/true
    [ "$status" -eq 2 ]
    [[ $output == *"$OUT/remedies/r0 is a symbolic link (to $BATS_TEST_TMPDIR/victim): not followed; use another --out"* ]]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/victim")" ]
    [ ! -e "$OUT/logs" ]
    [ ! -e "$OUT/meta.txt" ]
    [ ! -e "$OUT/.lock" ]
    # a FIFO in logs/ too: the directory is refused, whatever the name
    rm -rf "$OUT"
    mkdir -p "$OUT/logs"
    mkfifo "$OUT/logs/warm-idle-grad-w1-p1.err"
    run timeout 20 bash "$H/warm.sh" --out "$OUT" --quick --widths 1
    [ "$status" -eq 2 ]
    [[ $output == *"$OUT/logs/warm-idle-grad-w1-p1.err is not a regular file (a FIFO): use another --out"* ]]
}

@test "--export-hyperfine onto a device node, a link, /proc/version or a missing directory: exit 2 before any run (threads.sh, coldreport.sh, report.sh), the node left as it was" {
    local x=$BATS_TEST_TMPDIR/node what
    if [ "$(id -u)" = 0 ]; then mknod "$x" c 1 3; what='a character device'; else mkfifo "$x"; what='a FIFO'; fi
    ln -s "$BATS_TEST_TMPDIR/victim.json" "$BATS_TEST_TMPDIR/link.json"
    for s in "threads.sh --binary /bin/true" coldreport.sh report.sh; do
        for e in "$x" "$BATS_TEST_TMPDIR/link.json" /proc/version "$BATS_TEST_TMPDIR/no/dir/x.json"; do
            rm -rf "$OUT"
            # shellcheck disable=SC2086 # the script and its flags
            run timeout 20 bash "$H/"$s --quick --out "$OUT" --export-hyperfine "$e"
            [ "$status" -eq 2 ] || { echo "$s, $e: exit $status: $output"; return 1; }
            [[ $output == *"--export-hyperfine $e: "* ]]
            [ ! -e "$OUT" ]   # nothing made, nothing measured
        done
        [[ $output == *"no directory $BATS_TEST_TMPDIR/no/dir to write it in"* ]]
    done
    run bash "$H/threads.sh" --binary /bin/true --quick --out "$OUT" --export-hyperfine "$x"
    [ "$status" -eq 2 ]
    [[ $output == *"--export-hyperfine $x: $what, not a regular file: not replaced"* ]]
    if [ "$(id -u)" = 0 ]; then [ -c "$x" ]; else [ -p "$x" ]; fi
    [ ! -e "$BATS_TEST_TMPDIR/victim.json" ]
}

@test "results/latest that is not a link is not replaced: exit 2 before any run, it stays what it was" {
    local R=$BATS_TEST_TMPDIR/results
    mkdir -p "$R"
    if [ "$(id -u)" = 0 ]; then mknod "$R/latest" c 1 3; else printf 'mine\n' >"$R/latest"; fi
    COLDLOAD_RESULTS=$R run timeout 20 bash "$H/warm.sh" --quick --widths 1
    [ "$status" -eq 2 ]
    [[ $output == *"$R/latest is a "*", not the link to the newest results: not replaced; remove it or give --out"* ]]
    if [ "$(id -u)" = 0 ]; then [ -c "$R/latest" ]; else [ "$(cat "$R/latest")" = mine ]; fi
    [ "$(ls -A "$R")" = latest ]   # no stamped directory made
}

@test "threads.sh --check-file onto a device node or a link (removed before each run): exit 2 before any run, the node left as it was" {
    local x=$BATS_TEST_TMPDIR/node
    if [ "$(id -u)" = 0 ]; then mknod "$x" c 1 3; else mkfifo "$x"; fi
    run timeout 20 bash "$H/threads.sh" --binary /bin/true --quick --out "$OUT" --check-file "$x"
    [ "$status" -eq 2 ]
    [[ $output == *"--check-file $x: "*", not a regular file: not replaced"* ]]
    if [ "$(id -u)" = 0 ]; then [ -c "$x" ]; else [ -p "$x" ]; fi
    [ ! -e "$OUT" ]
}
