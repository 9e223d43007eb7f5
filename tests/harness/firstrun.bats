#!/usr/bin/env bats
# tests/harness/firstrun.bats -- the first run's parts (harness/firstrun.sh):
# the static builds give the dynamic ones' results bit for bit, --prefault
# changes no bit, --startup writes exec_to_main under coldload-exec (and
# start_to_main without it), and a QUICK first-run harness writes every
# variant's rows and a report section that names each part.
# (the cases under a long real load: tests/long/firstrun.bats, make test-long)

load helpers
load firstrun

@test "static: p28_timing-static and ising_trg-static give the dynamic builds' checksums bit for bit" {
    if [ ! -x "$B/p28_timing-static" ] || [ ! -x "$B/ising_trg-static" ]; then skip "make static first"; fi
    # really static: no interpreter, no DT_NEEDED
    run ! bash -c "readelf -d '$B/p28_timing-static' | grep -q NEEDED"
    run ! bash -c "readelf -l '$B/p28_timing-static' | grep -q 'program interpreter'"
    for b in p28_timing p28_timing-static; do
        OPENBLAS_NUM_THREADS=1 "$B/$b" --workload all --size 64 --runs 2 --csv "$BATS_TEST_TMPDIR/$b.csv" >/dev/null
    done
    for b in ising_trg ising_trg-static; do
        OPENBLAS_NUM_THREADS=1 "$B/$b" --beta 0.3,0.5 --chi 6 --steps 6 --runs 1 --csv "$BATS_TEST_TMPDIR/$b.csv" >/dev/null
    done
    run checksums "$BATS_TEST_TMPDIR/p28_timing.csv"
    [ "$status" -eq 0 ]
    want=$output
    [ "$(printf '%s\n' "$want" | wc -l)" -ge 4 ]   # grad and svdvals, first and steady
    run checksums "$BATS_TEST_TMPDIR/p28_timing-static.csv"
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
    run checksums "$BATS_TEST_TMPDIR/ising_trg.csv"
    [ "$status" -eq 0 ]
    want=$output
    [ "$(printf '%s\n' "$want" | awk '{ print $3 }' | sort -u | wc -l)" -ge 2 ]   # two betas, two results
    run checksums "$BATS_TEST_TMPDIR/ising_trg-static.csv"
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
}

@test "--prefault changes no result bit; --startup rows: exec_to_main under coldload-exec, start_to_main without" {
    c=$BATS_TEST_TMPDIR
    t0=$EPOCHREALTIME
    "$B/coldload-exec" "$B/p28_timing" --workload all --size 64 --runs 2 --startup --csv "$c/a.csv" >"$c/a.out"
    whole_ms=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print (b - a) * 1000 }')
    "$B/p28_timing" --workload all --size 64 --runs 2 --startup --prefault --csv "$c/b.csv" >"$c/b.out"
    [ "$(checksums "$c/a.csv")" = "$(checksums "$c/b.csv")" ]
    # once per process, after the first series: grad's
    [ "$(rows "$c/a.csv" phase exec_to_main | tail -n +2 | wc -l)" -eq 1 ]
    [ "$(rows "$c/a.csv" phase main_to_first | col /dev/stdin workload)" = grad ]
    [ "$(rows "$c/b.csv" phase start_to_main | tail -n +2 | wc -l)" -eq 1 ]
    [ "$(rows "$c/b.csv" phase exec_to_main | tail -n +2 | wc -l)" -eq 0 ]
    grep -Eq '^startup: exec_to_main [0-9]+\.[0-9]{3} ms \(from the launcher' "$c/a.out"
    grep -Eq '^startup: start_to_main [0-9]+\.[0-9]{3} ms \(from /proc/self/stat' "$c/b.out"
    # exec -> main is a real interval: above 0, below the whole run
    ms=$(rows "$c/a.csv" phase exec_to_main | col /dev/stdin ms)
    awk -v m="$ms" 'BEGIN { exit !(m > 0) }'
    awk -v m="$ms" -v w="$whole_ms" 'BEGIN { exit !(m < w) }'
    # without --startup nothing changes: no such rows
    "$B/p28_timing" --workload grad --runs 1 --csv "$c/c.csv" >/dev/null
    [ "$(grep -c -e _to_main -e main_to_first "$c/c.csv")" -eq 0 ]
    run "$B/coldload-exec"
    [ "$status" -eq 2 ]
    run -127 "$B/coldload-exec" /nonexistent/prog
    [[ $output == *"/nonexistent/prog: No such file"* ]]
}

@test "firstrun.sh --quick: every variant's rows, pairs by round, and the report's section names each part" {
    out=$BATS_TEST_TMPDIR/fr
    run bash "$H/firstrun.sh" --quick --procs 2 --workloads grad --kinds "same evicted" --widths "1 2" --out "$out"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    csv=$out/firstrun.csv
    every_row_complete "$csv"
    want="base bindnow pool1 prefault"
    if [ -x "$B/p28_timing-static" ]; then want="base bindnow pool1 prefault static"; fi
    [ "$(col "$csv" variant | sort -u | tr '\n' ' ')" = "$want " ]
    # each (variant, copy, round) one process with one exec_to_main row
    [ "$(rows "$csv" phase exec_to_main | tail -n +2 | wc -l)" -eq $(( ($(wc -w <<<"$want") + 1) * 2 )) ]
    [ "$(rows "$csv" variant base | rows /dev/stdin phase exec_to_main | col /dev/stdin copy | sort | uniq -c | awk '{ print $1 $2 }' | tr '\n' ' ')" = "2evicted 2same " ]
    grep -qx 'firstrun_pool=2' "$out/meta.txt"
    grep -q '^firstrun_files_method=' "$out/meta.txt"
    # its stop is a row of stops.csv (the whole job's: no cell, no width), not a meta value
    [ "$(cat "$out/stops.csv")" = $'harness,load,stressors,cell,width,procs,how\nfirstrun,none,0,,,2,fixed' ]
    run grep -q '^firstrun_stop=' "$out/meta.txt"
    [ "$status" -eq 1 ]
    # every run through the launcher: its row in runs.csv, tagged with its part
    [ "$(rows "$out/runs.csv" harness firstrun | tail -n +2 | wc -l)" -eq "$(rows "$csv" phase exec_to_main | tail -n +2 | wc -l)" ]
    [ "$(col "$out/runs.csv" params | sort -u | tr '\n' ' ')" = "$(for v in $want; do printf 'variant=%s ' "$v"; done)" ]
    [ "$(col "$out/runs.csv" status | sort -u)" = ok ]
    run "$B/coldload-summarize" "$out"
    [ "$status" -eq 0 ]
    [ -s "$out/plots/firstrun.dat" ]
    md=$out/report.md
    grep -q "^## Where the first run's milliseconds go" "$md"
    grep -q '^\*\*grad, same: ' "$md"
    grep -q '^\*\*grad, evicted: ' "$md"
    grep -q '^| copy kind (page cache, new file) | total(base, kind) - total(base, same) | ' "$md"
    grep -q '^| OpenBLAS thread pool | ' "$md"
    grep -q '^| first touch of the work buffers | ' "$md"
    grep -q '^| remainder | ' "$md"
    grep -q '^The stopping rule took 2 rounds: the rounds fixed by --procs\.$' "$md"
    grep -q 'id="firstrun"' "$out/report.html"
}
