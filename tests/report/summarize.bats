#!/usr/bin/env bats
# shellcheck disable=SC2030,SC2031 # bats: `run` sets status/lines for the helpers after it
# tests/report/summarize.bats -- coldload-summarize on synthetic CSVs: each
# verdict fires on the data made for it and on no other; thresholds are
# flags; malformed input exits 2 with one line naming file and line; the
# "no wait" rows are summarised apart and p28_timing writes them at width > 1 only.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    need_results
}

summarize() {
    run "$SUMMARIZE" "$@" "$D"
}

# --- statistics ---------------------------------------------------------------

@test "summary.csv: per-group first, min, median, max and ratios" {
    series "$S" grad 1 idle warm 0.5 "0.010 0.030 0.020 0.040"
    summarize
    [ "$status" -eq 0 ]
    [ -s "$D/summary.csv" ]
    # read by name, as every consumer does
    row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print $c["n"], $c["first_ms"], $c["min_ms"], $c["median_ms"], $c["max_ms"], $c["first_over_min"], $c["max_over_median"] }' "$D/summary.csv")
    [ "$row" = "4 0.5 0.01 0.025 0.04 50 1.6" ]
}

@test "summary.csv: loaded groups carry their idle median and the slowdown" {
    series "$S" svdvals 1 idle warm 6 "5 6 7"
    series "$S" svdvals 1 loaded warm 20 "15 18 21"
    summarize
    [ "$status" -eq 0 ]
    row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["condition"] == "loaded" { print $c["idle_median_ms"], $c["loaded_over_idle"], $c["stressors"] }' "$D/summary.csv")
    [ "$row" = "6 3 2" ]
}

@test "columns in another order and without the tag columns give the same statistics" {
    series "$S" grad 1 idle warm 0.5 "0.010 0.030 0.020"
    "$SUMMARIZE" --no-report "$D" >/dev/null
    mkdir "$D/b"
    # the 18 fixed columns reversed, the tags dropped: read by name, nothing changes
    awk -F, '{ out = $18; for (i = 17; i >= 1; i--) out = out "," $i; print out }' "$S" >"$D/b/samples.csv"
    run "$SUMMARIZE" --no-report "$D/b"
    [ "$status" -eq 0 ]
    figures() {
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { print $c["workload"], $c["width"], $c["n"], $c["first_ms"], $c["min_ms"], $c["median_ms"], $c["max_ms"], $c["checksum"] }' "$1"
    }
    [ "$(figures "$D/summary.csv")" = "$(figures "$D/b/summary.csv")" ]
    [ "$(figures "$D/b/summary.csv")" = "grad 1 3 0.5 0.01 0.02 0.03 00000000000000aa" ]
}

@test "quoted fields with commas and quotes are read as one field" {
    echo "$SAMPLES_HEADER" >"$S"
    echo '2026-12-02T10:00:00.000Z,vm,1-1,grad,"n=1000,""x""",1,block,first,0,0.5,0,0,0,0,0.1,1,00000000000000aa,0,warm,idle,0,warm' >>"$S"
    echo '2026-12-02T10:00:00.000Z,vm,1-1,grad,"n=1000,""x""",1,block,steady,1,0.01,0,0,0,0,0.1,1,00000000000000aa,0,warm,idle,0,warm' >>"$S"
    summarize
    [ "$status" -eq 0 ]
    grep -q '^grad,"n=1000,""x""",1,' "$D/summary.csv"
}

# --- each verdict on its own data ------------------------------------------------

@test "clean data: no check fires" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016 0.017"
    series "$S" svdvals 2 idle warm 4.5 "4.0 4.1 4.3" 00000000000000bb 2
    summarize
    [ "$status" -eq 0 ]
    [ "$(verdict_ids "$D")" = "" ]
    grep -q '^# no check fired' "$D/verdicts.txt"
}

@test "first-run: first/min >= 100 fires, citing first and min" {
    series "$S" grad 1 idle fresh 6.6 "0.015 0.016 0.02"
    summarize
    [ "$(verdict_ids "$D")" = "WARN first-run" ]
    grep -q '^WARN first-run: grad n=1000, width 1, wait block, idle, copy fresh: first 6.600 ms vs steady min 0.0150 ms = 440x (>= 100)' "$D/verdicts.txt"
}

@test "first-run-notable: 10 <= first/min < 100 is a note, not a warning" {
    series "$S" grad 1 idle same 0.3 "0.015 0.016 0.02"
    summarize
    [ "$(verdict_ids "$D")" = "NOTE first-run-notable" ]
    grep -q '= 20.0x (>= 10, < 100)' "$D/verdicts.txt"
}

@test "first-run thresholds are flags" {
    series "$S" grad 1 idle fresh 6.6 "0.015 0.016 0.02"
    summarize --first-min 1000
    [ "$(verdict_ids "$D")" = "NOTE first-run-notable" ]
    summarize --first-min 1000 --first-min-notable 500
    [ "$(verdict_ids "$D")" = "" ]
    grep -q -- '--first-min 1000 --first-min-notable 500' "$D/verdicts.txt"
}

@test "spread: multi-threaded max/median >= 3 fires; the same spread at width 1 does not" {
    series "$S" svdvals 2 idle warm 4 "1 1 1 4" 00000000000000bb 2
    summarize
    # (its first call, 4 ms, and four steady calls: a warm-up classed too)
    [ "$(verdict_ids "$D")" = "NOTE warmup WARN spread" ]
    grep -q 'max 4.000 ms vs median 1.000 ms = 4.0x (>= 3) over 4 runs' "$D/verdicts.txt"
    rm "$S"
    series "$S" svdvals 1 idle warm 4 "1 1 1 4"
    summarize
    [ "$(verdict_ids "$D")" = "NOTE warmup" ]
    # the threshold is a flag: 4x is below --max-median 5
    rm "$S"
    series "$S" svdvals 2 idle warm 4 "1 1 1 4" 00000000000000bb 2
    summarize --max-median 5
    [ "$status" -eq 0 ]
    [ "$(verdict_ids "$D")" = "NOTE warmup" ]
    grep -q -- ' --max-median 5 ' "$D/verdicts.txt"
}

@test "loaded-slow: a loaded median >= 2x what the load predicts (width 1 alone, no contention); 1.5x its fair share is not" {
    series "$S" svdvals 1 idle warm 6 "5 6 7"
    series "$S" svdvals 1 loaded warm 28 "24 27 30" 00000000000000aa 3
    summarize
    [ "$(verdict_ids "$D")" = "OK bitwise-same WARN loaded-slow" ]
    grep -q 'loaded-slow: svdvals size=256, width 1, wait block, loaded (stressors 2), copy inplace: median 27.000 ms vs idle median 6.000 ms = 4.5x (>= 4); the fair share of 2 load workers over 2 CPUs (assumed) predicts 2.0x, this is 2.2x that; procs_running median 3' "$D/verdicts.txt"
    summarize --loaded-idle 3
    [ "$(verdict_ids "$D")" = "OK bitwise-same" ]
    # 3.0x is 1.5x the fair share of 2x: the load, not the code (it fired at a fixed 2x)
    rm "$S"
    series "$S" svdvals 1 idle warm 6 "5 6 7"
    series "$S" svdvals 1 loaded warm 20 "15 18 21" 00000000000000aa 3
    summarize
    [ "$(verdict_ids "$D")" = "OK bitwise-same" ]
}

@test "bitwise-same: one checksum idle and loaded at one width, nothing else" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016" 1234567890abcdef
    series "$S" grad 1 loaded warm 0.02 "0.015 0.017" 1234567890abcdef 3
    summarize
    [ "$(verdict_ids "$D")" = "OK bitwise-same" ]
    grep -q 'bitwise-same: grad n=1000, width 1: checksum 1234567890abcdef idle and loaded: numbers unaffected' "$D/verdicts.txt"
}

# svdvals at widths 1 and 2, idle and loaded; width 2 loaded ~1500 ms (page:
# 260x), width 1 loaded with the steady times given.
widths_idle_loaded() {
    series "$S" svdvals 1 idle warm 6 "5.6 5.7 5.9"
    series "$S" svdvals 2 idle warm 4 "3.7 3.9 4.3" 00000000000000bb 2
    series "$S" svdvals 1 loaded warm "${1%% *}" "$1" 00000000000000aa 3
    series "$S" svdvals 2 loaded warm 1500 "1400 1500 1600" 00000000000000bb 4
}

@test "contention: width 2 slowed >= 5x its fair share and width 1's while width 1 < 1.5x its share; names the fastest width; no loaded-slow for it" {
    widths_idle_loaded "9 9.7 11"
    summarize
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same WARN contention" ]
    # no meta.txt: one load worker per CPU assumed, a fair share of 2x at every width
    grep -q 'width 2 is 384.6x slower than idle (median 1500 vs 3.900 ms), 192x its fair share 2.0x and 226x width 1'"'"'s (each at least 5x), while width 1 is 1.7x (median 9.700 vs 5.700 ms), below 1.5x its fair share 2.0x (2 load workers over 2 CPUs (assumed): a serial call gets 1/2 of its CPU): core contention' "$D/verdicts.txt"
    grep -q 'Fastest under load: width 1 (median 9.700 ms)' "$D/verdicts.txt"
}

@test "contention does not fire when width 1 also slowed >= 1.5x its fair share: width 2 is loaded-slow, width 1 (below 2x its share) nothing" {
    widths_idle_loaded "19 20 21"
    summarize
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same WARN loaded-slow" ]
    grep -q '^WARN loaded-slow: svdvals size=256, width 2,' "$D/verdicts.txt"
    # width 1 at 3.5x is now "narrow" (below 5 x 2x): contention for width 2
    summarize --contention-narrow 5
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same WARN contention" ]
}

# Cells where load workers fill every CPU: svdvals under pinned load, S=2
# workers over the N=2 CPUs
# meta.txt names; WIDTH1 and WIDTH2 the loaded steady times (idle 4.162 and 4.553 ms).
fair_share_cells() {
    printf 'nproc=2\nloaded_cpus_usable=0 1\n' >"$D/meta.txt"
    series "$S" svdvals 1 idle warm 4.2 "4.150 4.162 4.170"
    series "$S" svdvals 2 idle warm 4.6 "4.540 4.553 4.560" 00000000000000bb 2
    series "$S" svdvals 1 loaded warm "${1%% *}" "$1" 00000000000000aa 3
    series "$S" svdvals 2 loaded warm "${2%% *}" "$2" 00000000000000bb 4
}

@test "contention against the fair share: width 1 at 2.1x (S=2 over N=2 predicts 2x) and width 2 at 458x is contention" {
    fair_share_cells "8.70 8.721 8.75" "2080 2084 2090"
    summarize
    [ "$status" -eq 0 ]
    # width 1 at 2.1x is its fair share: no loaded-slow (that waits for 2 x 2x)
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same WARN contention" ]
    grep -q '^WARN contention: svdvals size=256, wait block, loaded (stressors 2), copy inplace: under load width 2 is 457.7x slower than idle (median 2084 vs 4.553 ms), 229x its fair share 2.0x and 218x width 1'"'"'s (each at least 5x), while width 1 is 2.1x (median 8.721 vs 4.162 ms), below 1.5x its fair share 2.0x (2 load workers over 2 CPUs: a serial call gets 1/2 of its CPU): core contention' "$D/verdicts.txt"
    # N comes from meta.txt: over 1 CPU the 2 workers share it, a 3x fair share
    summarize --load-cpus 1
    grep -q 'while width 1 is 2.1x (median 8.721 vs 4.162 ms), below 1.5x its fair share 3.0x (2 load workers over 1 CPU: a serial call gets 1/3 of its CPU)' "$D/verdicts.txt"
    grep -q -- ' --contention-narrow 1.5 --load-cpus 1 ' "$D/verdicts.txt"
}

@test "not contention: width 1 at 2x and width 2 at 2.5x are the fair share: nothing fires (loaded-slow waits for 2x the share)" {
    fair_share_cells "8.30 8.324 8.35" "11.35 11.38 11.40"
    summarize
    [ "$status" -eq 0 ]
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same" ]
    # width 2 beyond 5x its share but not 5x width 1's (width 1 at 4x, hurt itself): no contention
    rm "$S"
    fair_share_cells "16.6 16.65 16.7" "60 61 62"
    summarize --contention-narrow 3
    [ "$(verdict_ids "$D")" = "OK bitwise-same OK bitwise-same WARN loaded-slow WARN loaded-slow" ]
}

@test "checksum-differs: idle and loaded disagree at one width" {
    series "$S" grad 2 idle warm 0.02 "0.015 0.016" 1111111111111111 2
    series "$S" grad 2 loaded warm 0.02 "0.015 0.017" 2222222222222222 4
    summarize
    [ "$(verdict_ids "$D")" = "ERROR checksum-differs" ]
    grep -q 'checksum idle 1111111111111111, loaded 2222222222222222: the numbers changed under load' "$D/verdicts.txt"
    # ERROR lines come first
    [ "$(grep -v '^#' "$D/verdicts.txt" | head -n1 | cut -d' ' -f1)" = ERROR ]
}

@test "checksum-differs: two checksums within one group" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016" 1111111111111111
    series "$S" grad 1 idle warm 0.02 "0.015 0.016" 3333333333333333
    summarize
    [ "$(verdict_ids "$D")" = "ERROR checksum-differs" ]
    grep -q '2 different checksums within one group (1111111111111111, 3333333333333333)' "$D/verdicts.txt"
}

@test "idle-busy: an idle run with other runnable tasks is flagged; its own threads are not" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016 0.017" 00000000000000aa 3
    summarize --blas-pool 1
    [ "$(verdict_ids "$D")" = "WARN idle-busy" ]
    grep -q 'procs_running median 3 (max 3) where its own threads (width 1, OpenBLAS pool 1) account for at most 1, 2 more (>= 1)' "$D/verdicts.txt"
    summarize --blas-pool 1 --idle-excess 3
    [ "$(verdict_ids "$D")" = "" ]
    # OpenBLAS's spinning pool of 2 is the run's own: 2 of the 3 are accounted for
    summarize --blas-pool 2
    [ "$(verdict_ids "$D")" = "WARN idle-busy" ]
    grep -q 'account for at most 2, 1 more' "$D/verdicts.txt"
    summarize --blas-pool 3
    [ "$(verdict_ids "$D")" = "" ]
    # width 2: the caller, one engine worker and one OpenBLAS worker may all be runnable
    rm "$S"
    series "$S" grad 2 idle warm 0.02 "0.015 0.016 0.017" 00000000000000aa 3
    summarize --blas-pool 1
    [ "$(verdict_ids "$D")" = "" ]
}

# busy_meta BUSY_MS OWN_MS: meta.txt's probes of a warm.sh run of 3.331 s in
# which the machine's CPUs were busy BUSY_MS and the harness took OWN_MS
# (figures of two QUICK jobs here: idle, and beside one stress-ng --cpu 1)
busy_meta() {
    printf '%s\n' warm_start_utc=2026-12-06T15:40:00.000Z warm_start_cpu_busy_ms=100000 \
        "warm_own_cpu_ms=$2" warm_end_utc=2026-12-06T15:40:03.331Z \
        "warm_end_cpu_busy_ms=$((100000 + $1))" >"$D/meta.txt"
}

@test "idle-busy: by the CPUs other tasks kept busy while the harness ran, not by the runnable count" {
    # procs_running 3 at width 1: busy by the runnable count, which counts its reader
    series "$S" grad 1 idle warm 0.02 "0.015 0.016 0.017" 00000000000000aa 3
    busy_meta 1430 1410
    summarize --blas-pool 1
    [ "$(verdict_ids "$D")" = "" ]
    busy_meta 4620 1230
    summarize --blas-pool 1
    [ "$(verdict_ids "$D")" = "WARN idle-busy" ]
    grep -q 'other tasks kept 1.02 CPUs busy on average (>= 0.5: ' "$D/verdicts.txt"
    summarize --blas-pool 1 --idle-others 1.5
    [ "$(verdict_ids "$D")" = "" ]
    # an idle level's own probes (threads.sh, ab.sh: they win), 0.5 s: too few
    # 10 ms ticks to tell, so nothing is said -- not the runnable count either
    busy_meta 4620 1230
    printf '%s\n' warm_idle_start_cpu_busy_ms=0 \
        warm_idle_start_utc=2026-12-06T15:40:00.000Z warm_idle_own_cpu_ms=0 \
        warm_idle_end_utc=2026-12-06T15:40:00.500Z warm_idle_end_cpu_busy_ms=900 >>"$D/meta.txt"
    summarize --blas-pool 1
    [ "$(verdict_ids "$D")" = "" ]
    # a loaded group is no idle figure: never busy by this
    rm "$S"
    series "$S" grad 1 loaded warm 0.02 "0.015 0.016 0.017" 00000000000000aa 1
    summarize --blas-pool 1
    [ "$(verdict_ids "$D")" = "" ]
}

@test "idle-busy: the OpenBLAS pool defaults to nproc from meta.txt" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016 0.017" 00000000000000aa 3
    echo nproc=1 >"$D/meta.txt"
    summarize
    [ "$(verdict_ids "$D")" = "WARN idle-busy" ]
    grep -q -- ' --blas-pool 1 ' "$D/verdicts.txt"
    echo nproc=4 >"$D/meta.txt"
    summarize
    [ "$(verdict_ids "$D")" = "" ]
}

# whole_rows COPY TOOL "WALL_MS..." [MINFLT MAJFLT]: whole-process rows of grad n=1000,
# width 1, idle, as harness/cold.sh writes them (hyperfine rows have no faults).
whole_rows() {
    local copy=$1 tool=$2 walls=$3 minflt=${4:-} majflt=${5:-} r=0 ms
    [ -s "$D/whole.csv" ] || echo "$WHOLE_HEADER" >"$D/whole.csv"
    for ms in $walls; do
        r=$((r + 1))
        echo "2026,vm,cold,idle,0,$copy,grad,n=1000,1,block,$tool,$copy,$r,$ms,1,1,$minflt,$majflt,0"
    done >>"$D/whole.csv"
}

# A cold run as measured here: fresh ~ same, evicted +30 ms with 13 major faults.
cold_run() {
    local copy
    for copy in fresh same evicted; do
        series "$S" grad 1 idle "$copy" 0.02 "0.015 0.016 0.017"
    done
    whole_rows same time "8 8" 300 0
    whole_rows fresh time "8 8" 300 0
    whole_rows evicted time "35 37" 296 "$1"
    whole_rows same hyperfine "2.9 3.0 3.1"
    whole_rows fresh hyperfine "3.0 3.1 3.2"
    whole_rows evicted hyperfine "$2"
}

@test "cold-start: an evicted copy >= 2x the same copy, with major faults, is a warning explained as disk reads" {
    cold_run 13 "32 33 34"
    summarize
    [ "$status" -eq 0 ]
    [ "$(verdict_ids "$D")" = "WARN cold-start" ]
    grep -q '^WARN cold-start: grad n=1000, width 1, wait block, idle: whole process median (hyperfine) same 3.000 ms, fresh 3.100 ms (+0.100 ms, 1.0x), evicted 33.000 ms (+30.000 ms, 11.0x); slowest evicted = 11.0x same (>= 2); page faults major/minor of the whole process (GNU time): same 0/300, fresh 0/300, evicted 13/296; first run in the process (ms, faults major/minor): same 0.0200 0/10,' "$D/verdicts.txt"
    grep -q 'the extra 30.000 ms of the evicted copy come with 13 major page faults (same copy: 0): the binary and its shared libraries are read from disk because they were not in the page cache; a fresh copy costs only 0.100 ms more than the same copy because copying leaves it in the page cache\.' "$D/verdicts.txt"
    # the whole process's minor faults are kept in summary.csv
    row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["copy"] == "evicted" { print $c["whole_majflt"], $c["whole_minflt"] }' "$D/summary.csv")
    [ "$row" = "13 296" ]
    # the ratio is a flag: below it, a note with the same explanation
    summarize --cold-same 20
    [ "$(verdict_ids "$D")" = "NOTE cold-start" ]
    grep -q 'slowest evicted = 11.0x same (< 20);.* read from disk because' "$D/verdicts.txt"
    grep -q -- '--cold-same 20 ' "$D/verdicts.txt"
}

@test "cold-start: evicting that changed nothing says the cost was not observed" {
    cold_run 0 "3.0 3.1 3.2"
    summarize
    [ "$(verdict_ids "$D")" = "NOTE cold-start" ]
    grep -q 'evicted 3.100 ms (+0.100 ms, 1.0x); slowest fresh = 1.0x same (< 2)' "$D/verdicts.txt"
    grep -q ': the cold-start cost was not observed for the evicted copy: no time above the same copy.s slowest run (3.100 ms) and no more major page faults' "$D/verdicts.txt"
    run grep -q 'read from disk' "$D/verdicts.txt"
    [ "$status" -eq 1 ]
}

@test "cold-start: a --binary run (whole.csv only, no faults) states the figures, not a cause" {
    whole_rows same hyperfine "2.9 3.0 3.1"
    whole_rows fresh hyperfine "8.9 9.0 9.1"
    whole_rows evicted hyperfine "2.9 3.0 3.05"
    summarize
    [ "$(verdict_ids "$D")" = "WARN cold-start" ]
    grep -q 'fresh 9.000 ms (+6.000 ms, 3.0x), evicted 3.000 ms (+0.0000 ms, 1.0x); slowest fresh = 3.0x same (>= 2): the cold-start cost was not observed for the evicted copy: no time above the same copy.s slowest run (3.100 ms) and no major page faults recorded; a fresh copy costs 6.000 ms more than the same copy (no major page faults recorded)\.' "$D/verdicts.txt"
    run grep -qE 'page cache|major/minor' "$D/verdicts.txt"
    [ "$status" -eq 1 ]
}

@test "cold-start needs the same copy and another kind of the same workload" {
    whole_rows fresh hyperfine "8.9 9.0"
    whole_rows evicted hyperfine "30 31"
    summarize
    [ "$(verdict_ids "$D")" = "" ]
    rm "$D/whole.csv"
    whole_rows same hyperfine "2.9 3.0"
    series "$S" svdvals 1 idle evicted 6 "5.6 5.7" # another workload, in-process only
    summarize
    [ "$(verdict_ids "$D")" = "" ]
}

@test "the committed fixture gives its known verdicts" {
    fixture_copy "$D/fx"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    [ "$(grep -c '^WARN first-run:' "$D/fx/verdicts.txt")" -eq 3 ]
    [ "$(grep -c '^WARN contention:' "$D/fx/verdicts.txt")" -eq 4 ]
    [ "$(grep -c '^WARN spread:' "$D/fx/verdicts.txt")" -eq 1 ]
    [ "$(grep -c '^OK bitwise-same:' "$D/fx/verdicts.txt")" -eq 8 ]
    # grad and svdvals: evicted and dropcache many times the same copy, with major faults
    [ "$(grep -c '^WARN cold-start:.* read from disk because' "$D/fx/verdicts.txt")" -eq 2 ]
    run grep -qE '^(ERROR|WARN (idle-busy|loaded-slow))' "$D/fx/verdicts.txt"
    [ "$status" -eq 1 ]
    # PSI during the loaded run, from meta.txt's probes
    grep -q 'CPU pressure (PSI some) 93% while it ran' "$D/fx/verdicts.txt"
}

# psi_fixture PSI_KEYS: a copy of the per-process fixture in $D/fx whose loaded
# probes are replaced by PSI_KEYS (meta.txt lines).
psi_fixture() {
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/fx"
    grep -v '^loaded_s2_' "$ROOT/tests/fixtures/results-procs/meta.txt" >"$D/fx/meta.txt"
    printf '%s\n' "$1" >>"$D/fx/meta.txt"
}

@test "PSI under load: loaded_<load>_s<S>_ probes (loaded.sh's keys) fill psi_cpu_some_pct, each kind its own" {
    # pinned: 5 s of pressure in 10 s = 50%; free: 2 s in 10 s = 20%
    psi_fixture "loaded_pinned_s2_established_utc=2026-12-02T10:00:50.000Z
loaded_pinned_s2_established_psi_cpu_some=avg10=0.00 avg60=0.00 avg300=0.00 total=1000000
loaded_pinned_s2_before_stop_utc=2026-12-02T10:01:00.000Z
loaded_pinned_s2_before_stop_psi_cpu_some=avg10=0.00 avg60=0.00 avg300=0.00 total=6000000
loaded_free_s2_established_utc=2026-12-02T10:01:01.000Z
loaded_free_s2_established_psi_cpu_some=avg10=0.00 avg60=0.00 avg300=0.00 total=6000000
loaded_free_s2_before_stop_utc=2026-12-02T10:01:11.000Z
loaded_free_s2_before_stop_psi_cpu_some=avg10=0.00 avg60=0.00 avg300=0.00 total=8000000"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    [ "$(col "$D/fx/summary.csv" '$c["load"] == "pinned"' psi_cpu_some_pct | sort -u | tr '\n' ' ')" = "50 " ]
    [ "$(col "$D/fx/summary.csv" '$c["load"] == "free"' psi_cpu_some_pct | sort -u | tr '\n' ' ')" = "20 " ]
    # the report's summary table shows them (column "PSI some %")
    grep -F '| grad n=1000, width 2, wait block, loaded pinned (stressors 2), copy inplace |' "$D/fx/report.md" |
        grep -q ' | 50 | 1 | - | - |$'
    grep -F '| grad n=1000, width 2, wait block, loaded free (stressors 2), copy inplace |' "$D/fx/report.md" |
        grep -q ' | 20 | 1 | - | - |$'
}

@test "PSI under load: the old loaded_s<S>_ probes still read; without any loaded probe the column is empty" {
    cp -r "$ROOT/tests/fixtures/results-procs" "$D/fx"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    [ "$(col "$D/fx/summary.csv" '$c["condition"] == "loaded"' psi_cpu_some_pct | sort -u | tr '\n' ' ')" = "93 " ]
    psi_fixture "loaded_other_s2_established_utc=2026-12-02T10:00:50.000Z"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    [ "$(col "$D/fx/summary.csv" '$c["condition"] == "loaded"' psi_cpu_some_pct | sort -u | tr '\n' ' ')" = " " ]
}

# cold_only_fixture: a copy of the cold-only fixture (a `make cold BINARY=` run) in $D/fx.
cold_only_fixture() {
    cp -r "$ROOT/tests/fixtures/results-cold" "$D/fx"
}

@test "a cold-only report (job=cold, coldreport.sh) asks only the cold-start question and reads as no failure" {
    cold_only_fixture
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    for f in report.md report.html; do
        grep -q 'Is the first run slow here, and why?' "$D/fx/$f"
        run ! grep -q 'Do threads hurt' "$D/fx/$f"
        run ! grep -q 'Not measured here\|Missing: \|<p class="missing">' "$D/fx/$f"
        run ! grep -q 'no page-format lines in logs' "$D/fx/$f"
        run ! grep -q 'The map of when threads hurt' "$D/fx/$f"
    done
    # the answer is the cold-start verdict's: a WARN (dropcache 7.1x, read from
    # disk) is a yes, and the kind it cites is the verdict's slowest; the
    # evicted copy's 2.6x within the same copy's spread is the verdict's too
    grep -q '^WARN cold-start: .*slowest dropcache = 7.1x same' "$D/fx/verdicts.txt"
    grep -q "^\*\*Yes: a cold start of the program takes 7.1x the cached one (6.389 vs 0.899 ms)" "$D/fx/report.md"
    grep -q "^A new process of the program whose binary and libraries were dropped with the whole page cache .* (7\.1x), with 1 major page fault against 0: the OS reads them from disk" "$D/fx/report.md"
    grep -q 'reading them from disk cost nothing measurable here' "$D/fx/verdicts.txt"
    grep -q "^(the program printed no page-format lines; its own output is in logs/)$" "$D/fx/report.md"
    # one answer in the HTML's answers section: one h2 in it
    [ "$(sed -n '/<section id="answers">/,/<\/section>/p' "$D/fx/report.html" | grep -c '<h2>')" -eq 1 ]
}

@test "cold-only: a coldreport run from before the job key is cold-only; the main report's meta keeps both questions" {
    cold_only_fixture
    sed -i '/^job=/d' "$D/fx/meta.txt"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    run ! grep -q 'Do threads hurt' "$D/fx/report.md"
    # a report.sh directory (job=report, the last job key wins) asks both
    printf 'job=report\n' >>"$D/fx/meta.txt"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    grep -q '^## Do threads hurt under full load here?$' "$D/fx/report.md"
    # no job key and no coldreport run: the main report, both questions
    sed -i '/^job=/d; /^coldreport_/d' "$D/fx/meta.txt"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    grep -q '^## Do threads hurt under full load here?$' "$D/fx/report.md"
    grep -q '^## The map of when threads hurt$' "$D/fx/report.md"
}

@test "a bisect or a history job's directory (their reports are bash's): summarize and compare refuse it, one line naming the job, exit 2, its files kept" {
    [ -x "$ROOT/build/coldload-compare" ] || skip "build/coldload-compare is not built (make)"
    series "$S" grad 1 idle warm 0.5 "0.010 0.030 0.020 0.040"
    fixture_copy "$BATS_TEST_TMPDIR/other"
    local job
    for job in bisect history; do
        printf 'host=vm\njob=%s\n' "$job" >"$D/meta.txt"
        printf '# the job'"'"'s own report\n' >"$D/report.md"
        printf '{"answers":[{"id":"%s"}]}\n' "$job" >"$D/results.json"
        cp "$D/report.md" "$BATS_TEST_TMPDIR/report.md"
        cp "$D/results.json" "$BATS_TEST_TMPDIR/results.json"
        summarize
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ ${lines[0]} == "coldload-summarize: $D: a $job job's directory (meta.txt job=$job): its report.md"*"harness/$job.sh's"* ]]
        [ ! -e "$D/summary.csv" ]
        cmp "$D/report.md" "$BATS_TEST_TMPDIR/report.md"
        cmp "$D/results.json" "$BATS_TEST_TMPDIR/results.json"
        # a plan is not asked of it either
        run "$SUMMARIZE" --decided "$D"
        [ "$status" -eq 2 ]
        [[ ${lines[0]} == *"a $job job's directory"* ]]
        run "$ROOT/build/coldload-compare" --out "$BATS_TEST_TMPDIR/cmp-$job" "$BATS_TEST_TMPDIR/other" "$D"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ ${lines[0]} == "coldload-compare: $D: a $job job's directory (meta.txt job=$job): "* ]]
        [ ! -e "$BATS_TEST_TMPDIR/cmp-$job" ]
    done
    # the last job key wins, as everywhere: an ab job's directory is read
    printf 'job=ab\n' >>"$D/meta.txt"
    summarize
    [ "$status" -eq 0 ]
}

# --- bad input: exit 2, one line, file:line -----------------------------------------

bad() { # bad EXPECTED_MESSAGE_REGEX: runs summarize, wants exit 2 and one matching line
    summarize
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} =~ $1 ]]
    [ ! -e "$D/summary.csv" ]
}

# edited SED_SCRIPT MESSAGE_REGEX: a fresh small samples.csv, edited by sed, must
# be refused with that message.
edited() {
    rm -f "$S"
    series "$S" grad 1 idle warm 0.02 "0.015 0.016"
    sed -i "$1" "$S"
    bad "$2"
}

@test "empty samples.csv: exit 2, file:1" {
    : >"$S"
    bad "samples.csv:1: empty file"
}

@test "a missing column, an empty or repeated column name: exit 2, file:1" {
    echo "timestamp,host,run_id,workload,params,width,wait,phase,iter,minflt,load1,procs_running,checksum,truncated" >"$S"
    bad "samples.csv:1: the header has no column 'ms'"
    echo "$SAMPLES_HEADER,ms" >"$S"
    bad "samples.csv:1: column 'ms' appears twice"
    echo "$SAMPLES_HEADER,,x" >"$S"
    bad "samples.csv:1: column 23 of the header has no name"
}

@test "a row with a missing or an extra field: exit 2, file:line" {
    edited '3s/,warm$//' "samples.csv:3: 21 fields, the header has 22"
    edited '2s/$/,extra/' "samples.csv:2: 23 fields, the header has 22"
}

@test "numbers that are not numbers: exit 2, file:line, the column named" {
    for v in abc '' -1 nan inf 1e999 '0x' ' 1' '1 '; do
        rm -f "$S"
        series "$S" grad 1 idle warm 0.02 "0.015 0.016"
        awk -F, -v OFS=, -v v="$v" 'NR == 4 { $10 = v } { print }' "$S" >"$S.t"
        mv "$S.t" "$S"
        bad "samples.csv:4: column 'ms': '.*' is not a time >= 0 in ms"
    done
    for spec in "6:0:width" "6:2.5:width" "16:x:procs_running" "17:xyz:checksum" "17:12345678901234567:checksum" "18:2:truncated" "15:--1:load1" "9:-3:iter" "12:-1:majflt"; do
        IFS=: read -r col v name <<<"$spec"
        rm -f "$S"
        series "$S" grad 1 idle warm 0.02 "0.015 0.016"
        awk -F, -v OFS=, -v c="$col" -v v="$v" 'NR == 2 { $c = v } { print }' "$S" >"$S.t"
        mv "$S.t" "$S"
        bad "samples.csv:2: column '$name': '.*' is not "
    done
}

# shellcheck disable=SC2016 # sed scripts: $ is sed's last line
@test "CSV syntax errors: unterminated quote, stray quote, NUL, bare CR" {
    edited '$s/$/\n2026,vm,"open/' "samples.csv:5: unterminated quoted field"
    edited '3s/,vm,/,v"m,/' "samples.csv:3: quote inside an unquoted field"
    edited '$s/$/\na\x00b/' "samples.csv:5: NUL byte"
    edited '$s/$/\na\rb/' "samples.csv:5: carriage return"
}

@test "a last row cut inside its last field (no newline) is refused, not a phantom group" {
    rm -f "$S"
    series "$S" grad 1 idle warm 0.02 "0.015 0.016"
    # cut the file inside the last row's last field: ...,warm -> ...,wa
    truncate -s -3 "$S"
    [[ $(tail -c 3 "$S") == *wa ]]
    bad "samples.csv:4: last row has no newline"
    # whole.csv the same
    rm -f "$S"
    series "$S" grad 1 idle warm 0.02 "0.015"
    { echo "$WHOLE_HEADER"; printf '2026,vm,cold,idle,0,fresh,grad,n=1000,1,block,time,fresh,1,5,1,1,3,0,0'; } >"$D/whole.csv"
    bad "whole.csv:2: last row has no newline"
}

@test "empty workload or phase: exit 2" {
    edited '2s/,grad,/,,/' "samples.csv:2: column 'workload' is empty"
    edited '3s/,steady,/,,/' "samples.csv:3: column 'phase' is empty"
}

@test "whole.csv is checked the same way" {
    series "$S" grad 1 idle warm 0.02 "0.015"
    { echo "$WHOLE_HEADER"; echo "2026,vm,cold,idle,0,fresh,grad,n=1000,1,block,hyperfine,fresh,1,abc,1,1,,,0"; } >"$D/whole.csv"
    bad "whole.csv:2: column 'wall_ms': 'abc' is not a time"
    { echo "$WHOLE_HEADER"; echo "2026,vm,cold,idle,0,fresh,grad,n=1000,1,block,hyperfine,fresh,1,5"; } >"$D/whole.csv"
    bad "whole.csv:2: 14 fields, the header has 19"
    echo "timestamp,label" >"$D/whole.csv"
    bad "whole.csv:1: the header has no column 'wall_ms'"
}

@test "whole.csv alone (a --binary cold run) is summarised" {
    { echo "$WHOLE_HEADER"
      for k in fresh same; do for r in 1 2 3; do
        echo "2026,vm,cold,idle,0,$k,,,,,hyperfine,$k,$r,$([ $k = fresh ] && echo 9 || echo 3),1,1,,,0"
      done; done
      echo "2026,vm,cold,idle,0,same,,,,,hyperfine,same,4,1000,1,1,,,1"; } >"$D/whole.csv"
    summarize
    [ "$status" -eq 0 ]
    row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print $c["copy"], $c["whole_n"], $c["whole_median_ms"], $c["whole_failed"] }' "$D/summary.csv" | tr '\n' ' ')
    [ "$row" = "fresh 3 9 0 same 3 3 1 " ]
}

@test "usage errors: no directory, two directories, bad flag values, unknown flags" {
    run "$SUMMARIZE"
    [ "$status" -eq 2 ]
    [[ $output == *"missing RESULTS_DIR"* ]]
    run "$SUMMARIZE" "$D" "$D"
    [ "$status" -eq 2 ]
    run "$SUMMARIZE" /nonexistent
    [ "$status" -eq 2 ]
    [[ $output == *"not a directory"* ]]
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"neither samples.csv nor whole.csv"* ]]
    series "$S" grad 1 idle warm 0.02 "0.015"
    run "$SUMMARIZE" --first-min abc "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"--first-min: expected a number"* ]]
    run "$SUMMARIZE" --max-median "$D"
    [ "$status" -eq 2 ]
    run "$SUMMARIZE" --bogus "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--bogus'"* ]]
    run "$SUMMARIZE" --samples "$D/nope.csv" "$D"
    [ "$status" -eq 2 ]
    run "$SUMMARIZE" --help
    [ "$status" -eq 0 ]
    [[ $output == *"--first-min R"* ]]
}

@test "a failed summarize keeps the summary an earlier run wrote" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016"
    "$SUMMARIZE" "$D" >/dev/null
    cp "$D/summary.csv" "$D/before"
    echo "garbage,row" >>"$S"
    summarize
    [ "$status" -eq 2 ]
    cmp "$D/summary.csv" "$D/before"
    [ -z "$(find "$D" -name '*.tmp')" ]
}

# --- the "no wait" rows (phase steady_nowait) ----------------------------------------

# The named columns of the summary row of WIDTH (grad), space-separated.
cols_of() {
    local width=$1
    shift
    awk -F, -v want="$*" -v w="$width" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["width"] == w { n = split(want, k, " "); out = "";
            for (i = 1; i <= n; i++) out = out (i > 1 ? " " : "") $c[k[i]]; print out }' "$D/summary.csv"
}

@test "no-wait rows: their own columns at the end, the steady statistics untouched" {
    series "$S" grad 2 idle warm 0.05 "0.020 0.021 0.022"
    nowait "$S" grad 2 idle warm "0.004 0.003 0.005"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    [[ "$output" != *"not summarised"* ]]
    head -1 "$D/summary.csv" | grep -q ',proc_ratio,nowait_n,nowait_min_ms,nowait_median_ms,nowait_max_ms,censored_procs,'
    [ "$(cols_of 2 n min_ms median_ms max_ms nowait_n nowait_min_ms nowait_median_ms nowait_max_ms)" = "3 0.02 0.021 0.022 3 0.003 0.004 0.005" ]
}

@test "no-wait fires when the no-wait median is >= 2x below the waited one, with both figures" {
    series "$S" grad 2 idle warm 0.05 "0.016 0.017 0.018"
    nowait "$S" grad 2 idle warm "0.003 0.004 0.005"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    [ "$(verdict_ids "$D")" = "WARN no-wait" ]
    grep -q '^WARN no-wait: grad n=1000, width 2, wait block, idle, copy inplace: steady median 0.0170 ms when the result is waited for, 0.0040 ms without waiting (submit only, 3 calls) = 4.2x below (>= 2): timing without waiting measures the dispatch, not the work' "$D/verdicts.txt"
    # the threshold is a flag
    run "$SUMMARIZE" --no-wait 5 "$D"
    [ "$(verdict_ids "$D")" = "" ]
}

@test "no-wait does not fire without the rows, nor when submit is as slow as the work" {
    series "$S" grad 2 idle warm 0.05 "0.016 0.017 0.018"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ]
    [ "$(verdict_ids "$D")" = "" ]
    [ "$(cols_of 2 nowait_n nowait_median_ms)" = "0 " ]
    nowait "$S" grad 2 idle warm "0.012 0.011 0.013"
    run "$SUMMARIZE" "$D"
    [ "$(verdict_ids "$D")" = "" ]
}

@test "p28_timing: no-wait rows only at width > 1, never above the waited rows in the summary" {
    P28=$ROOT/build/p28_timing
    [ -x "$P28" ] || skip "build/p28_timing is not built (make)"
    for w in 1 2; do
        run "$P28" --workload grad --width "$w" --runs 5 --csv "$S" --tag condition=idle --tag copy=warm
        [ "$status" -eq 0 ]
        if [ "$w" -eq 1 ]; then
            [[ "$output" == *"width 1: grad n=1000  steady, no wait: none -- at width 1 no worker runs ahead"* ]]
        else
            printf '%s\n' "$output" | grep -Eq '^width 2: grad n=1000  steady, no wait \(submit only\) \| min [0-9]+\.[0-9]{3} median [0-9]+\.[0-9]{3} max [0-9]+\.[0-9]{3} ms \| submit\+wait median [0-9]+\.[0-9]{3}$'
        fi
    done
    # rows: none at width 1, --runs of them at width 2, with the steady checksum
    [ "$(awk -F, '$8 == "steady_nowait" && $6 == 1' "$S" | wc -l)" -eq 0 ]
    [ "$(awk -F, '$8 == "steady_nowait" && $6 == 2' "$S" | wc -l)" -eq 5 ]
    [ "$(awk -F, '$6 == 2 && ($8 == "steady" || $8 == "steady_nowait") { print $17 }' "$S" | sort -u | wc -l)" -eq 1 ]
    run "$SUMMARIZE" --no-report "$D"
    [ "$status" -eq 0 ]
    [ "$(cols_of 1 nowait_n)" = "0" ]
    read -r n nw med <<<"$(cols_of 2 nowait_n nowait_median_ms median_ms)"
    [ "$n" -eq 5 ]
    awk -v a="$nw" -v b="$med" 'BEGIN { exit !(a <= b) }'
}

# --- what the cold start read (cold-pages.tsv) -------------------------------------------

@test "the cold-start file table: pages read per file, the extra ms apportioned by them, largest first" {
    W=$D/whole.csv
    echo "$WHOLE_HEADER" >"$W"
    for r in 1 2 3; do
        echo "2026-12-02T10:00:00.000Z,vm,cold,idle,0,same,,,,,hyperfine,same,$r,10,1,1,,,0" >>"$W"
        echo "2026-12-02T10:00:00.000Z,vm,cold,idle,0,evicted,,,,,hyperfine,evicted,$r,50,1,1,,,0" >>"$W"
    done
    P=$D/cold-pages.tsv
    printf 'workload\tkind\tcopy\tfile\tsize_bytes\tpages\tresident_before\tresident_after\tpages_read\n' >"$P"
    # two copies: /a reads 300 then 100 (median 200), /b 600 twice, /c nothing
    for k in 1 2; do
        printf 'binary\tsame\t%d\t/b\t4194304\t1024\t1024\t1024\t0\n' "$k"
        printf 'binary\tevicted\t%d\t/a\t1048576\t256\t0\t%d\t%d\n' "$k" $((k == 1 ? 300 : 100)) $((k == 1 ? 300 : 100))
        printf 'binary\tevicted\t%d\t/b\t4194304\t1024\t0\t600\t600\n' "$k"
        printf 'binary\tevicted\t%d\t/c\t4096\t1\t1\t1\t0\n' "$k"
    done >>"$P"
    echo 'cold_files_method=strace' >"$D/meta.txt"
    summarize
    [ "$status" -eq 0 ]
    grep -q '^## What the cold start read' "$D/report.md"
    grep -qF 'apportioned by pages read' "$D/report.md"
    grep -qF '**the program, evicted: +40.000 ms over same, 800 pages read from disk (2 copies)**' "$D/report.md"
    # largest first; the shares add up to the extra 40 ms; a file that read nothing is not a row
    [ "$(grep -E '^\| /[abc] ' "$D/report.md" | tr '\n' '#')" = '| /b | 4.0 MiB | 600 | 30.000 ms (75%) |#| /a | 1.0 MiB | 200 | 10.000 ms (25%) |#' ]
    grep -q '<section id="coldread">' "$D/report.html"
    # a malformed line is named in the report, not averaged
    printf 'binary\tevicted\t1\t/d\n' >>"$P"
    summarize
    grep -qF 'cold-pages.tsv:10: expected 9 tab-separated fields' "$D/report.md"
}

# --- the tables drive the outputs -------------------------------------------

@test "every threshold of --list-checks is an option, in --help with its default, and in verdicts.txt's header" {
    series "$S" grad 1 idle warm 0.02 "0.015 0.016"
    run "$SUMMARIZE" --list-checks
    [ "$status" -eq 0 ]
    local ids thresholds=() t name def help header
    ids=$(cut -f1 <<<"$output" | tr '\n' ' ')
    [[ $ids == "first-run first-run-notable loaded-first spread contention bimodal placement loaded-slow checksum-differs output-differs output-unchecked bitwise-same idle-busy cold-start no-wait waits-for-cpu spins wake-ups warmup"* ]]
    for t in $(cut -f3 <<<"$output" | tr ',' ' '); do [ "$t" = - ] || thresholds+=("$t"); done
    [ "${#thresholds[@]}" -eq 17 ]
    help=$("$SUMMARIZE" --help)
    # each set to a value of its own: the header must echo every one
    local args=() k=1
    for t in "${thresholds[@]}"; do args+=("${t%%=*}" "$((k + 100))"); k=$((k + 1)); done
    summarize "${args[@]}"
    [ "$status" -eq 0 ]
    header=$(head -1 "$D/verdicts.txt")
    k=1
    for t in "${thresholds[@]}"; do
        name=${t%%=*} def=${t#*=}
        grep -qE -- "^  $name [RN] " <<<"$help"
        [[ $header == *" $name $((k + 100))"* ]]
        # the default, when it is a number, is in --help's brackets
        [ "$name" = --blas-pool ] || [ "$name" = --load-cpus ] || awk -v n="$name" -v d="[$def]" '
            $1 == n { on = 1 } on && index($0, d) { found = 1 } on && /^  --/ && $1 != n { on = 0 }
            END { exit !found }' <<<"$help"
        k=$((k + 1))
    done
    # and in report.md's threshold line (the last one: k passed it by one)
    grep -q -- "\`${thresholds[-1]%%=*} $((k + 99))\`" "$D/report.md"
}

@test "--list-charts is the chart table: one plots/NAME.gp per chart, and every chart script of labels.gp is listed" {
    run "$SUMMARIZE" --list-charts
    [ "$status" -eq 0 ]
    local listed gp c
    listed=$(cut -f1 <<<"$output" | sort | tr '\n' ' ')
    [ "$(wc -w <<<"$listed")" -ge 5 ]
    # the scripts that read summarize's labels.gp (other tools' charts, the
    # scan's, do not) are exactly the table's charts -- but firstrun's, whose
    # rows are firstrun.csv's, not the summary's (harness/plots.sh adds it)
    gp=$(cd "$ROOT/plots" && grep -l "^load 'labels.gp'" ./*.gp | sed 's|^\./||; s|\.gp$||' | grep -vx firstrun | sort | tr '\n' ' ')
    [ "$listed" = "$gp" ]
    cp -r "$FIXTURE/." "$D/"
    summarize
    [ "$status" -eq 0 ]
    for c in "$D"/plots/*.dat; do
        c=${c##*/}
        if [ "$c" = firstrun.dat ]; then continue; fi
        [[ " $listed " == *" ${c%.dat} "* ]]
    done
    # every chart has its n_ in labels.gp, and no temporary file is left
    for c in $listed; do grep -q "^n_$c = " "$D/plots/labels.gp"; done
    run ls "$D" "$D/plots"
    [ "$status" -eq 0 ]
    [[ $output != *.tmp* ]]
}

@test "copy: old results' copy=warm is read as inplace, one group with new inplace rows" {
    series "$S" grad 1 idle warm 0.5 "0.010 0.020"
    series "$S" grad 1 idle inplace 0.5 "0.030 0.040"
    summarize
    [ "$status" -eq 0 ]
    [ "$(col "$D/summary.csv" 'NR > 1' copy runs n)" = "inplace 2 4" ]
}

@test "no text below the bound is cut: a 3000-character params string is whole in verdicts.txt, the chart label and report.md" {
    local long
    long=n=$(printf 'x%.0s' $(seq 3000))
    series "$S" grad 1 idle fresh 6.6 "0.015 0.016 0.02"
    sed -i "s/,n=1000,/,$long,/" "$S"
    # a second params value, so the chart label carries the params
    series "$S" grad 1 idle fresh 6.6 "0.015 0.016 0.02"
    summarize
    [ "$status" -eq 0 ]
    grep -qF "WARN first-run: grad $long, width 1, wait block, idle, copy fresh: first 6.600 ms" "$D/verdicts.txt"
    grep -qF "\"grad $long w1 fresh\"" "$D/plots/first_vs_steady.dat"
    grep -qF "| grad $long, width 1, wait block, idle, copy fresh |" "$D/report.md"
}

@test "a text field with control characters is one line everywhere: verdicts.txt, summary.csv, report.md and .html, results.json" {
    series "$S" grad 1 idle fresh 6.6 "0.015 0.016 0.02"
    # a quoted params field holding a newline, a CR, a tab and an ESC
    awk 'BEGIN { OFS = FS = "," } NR > 1 { $5 = "\"a\nb\r\tc\033[31md\"" } 1' "$S" >"$S.new"
    mv "$S.new" "$S"
    summarize
    [ "$status" -eq 0 ]
    # one line a verdict: each line a comment or "LEVEL id: text"
    awk '!/^(#|(OK|NOTE|WARN|ERROR) [a-z-]+: )/ { print "not a verdict line: " $0; bad = 1 } END { exit bad }' "$D/verdicts.txt"
    grep -qF 'WARN first-run: grad a\nb\r\tc\x1b[31md, width 1' "$D/verdicts.txt"
    # no control character written raw anywhere (the newlines end lines)
    for f in verdicts.txt summary.csv report.md report.html results.json plots/first_vs_steady.dat; do
        if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$D/$f"; then echo "raw control character in $f"; false; fi
    done
    [ "$(jq -r '.groups[0].key.params' "$D/results.json")" = 'a\nb\r\tc\x1b[31md' ]
    grep -qF 'grad a\\nb\\r\\tc\\x1b\[31md, width 1' "$D/report.md"
    grep -qF 'grad a\nb\r\tc\x1b[31md, width 1' "$D/report.html"
    grep -q '^grad,"\?a\\nb\\r\\tc\\x1b\[31md' "$D/summary.csv"
}

@test "a 10 MB text field is cut in the documents at 4096 bytes with its length and hash: results.json and the reports stay small" {
    series "$S" grad 1 idle fresh 6.6 "0.015 0.016 0.02"
    head -c 10000000 /dev/zero | tr '\0' x >"$BATS_TEST_TMPDIR/big"
    echo >>"$BATS_TEST_TMPDIR/big"
    awk 'NR == FNR { big = $0; next } FNR > 1 { sub(/n=1000/, big) } 1' "$BATS_TEST_TMPDIR/big" "$S" >"$S.new"
    mv "$S.new" "$S"
    summarize
    [ "$status" -eq 0 ]
    ls -l "$D"
    for f in verdicts.txt summary.csv report.md report.html results.json; do
        [ "$(stat -c %s "$D/$f")" -lt 1000000 ] || { echo "$f is $(stat -c %s "$D/$f") bytes"; false; }
        grep -q 'x…(10000000 bytes, FNV-1a [0-9a-f]\{16\})' "$D/$f" || { echo "no cut mark in $f"; false; }
    done
    p=$(jq -r '.groups[0].key.params' "$D/results.json")
    [ "${#p}" -le 4096 ]
}

# The Runs section reads runs-lines.tsv (the harness's cl_run_lines), never
# the logs: a line only in a log is not shown, the rows are by log name and
# in run order within a log; results from before the file say so.
@test "the Runs section: the run lines from runs-lines.tsv, by log name, never scraped from logs/" {
    cp -r "$ROOT/tests/fixtures/results-small" "$D/fx"
    printf 'width 9: only in the log\n' >>"$D/fx/logs/warm-idle-svdvals-w2.out"
    printf 'warm-idle-svdvals-w2\tbeta=0.5 second line of that run\nb-log\tbeta=0.4 from the file\n' \
        >>"$D/fx/runs-lines.tsv"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    runs=$(sed -n '/^## Runs$/,/^## Metadata$/p' "$D/fx/report.md")
    [ "$(echo "$runs" | grep -c 'only in the log')" -eq 0 ]
    [ "$(echo "$runs" | sed -n 6p)" = "b-log                        beta=0.4 from the file" ]
    echo "$runs" | grep -A1 '^warm-idle-svdvals-w2         width 2: svdvals' | grep -q '^warm-idle-svdvals-w2         beta=0.5 second line of that run$'
    grep -q '<pre>b-log  ' "$D/fx/report.html"
    # a row without a tab is left out and warned about with its line; the rest is shown
    printf 'no tab in this row\n' >>"$D/fx/runs-lines.tsv"
    run "$SUMMARIZE" "$D/fx"
    [ "$status" -eq 0 ]
    [[ $output == *"warning: $D/fx/runs-lines.tsv:$(wc -l <"$D/fx/runs-lines.tsv"): no tab between log and line"* ]]
    grep -q '^b-log  *beta=0.4 from the file$' "$D/fx/report.md"
    [ "$(grep -c 'no tab in this row' "$D/fx/report.md")" -eq 0 ]
    # from before runs-lines.tsv: said so, the logs are not read
    rm "$D/fx/runs-lines.tsv"
    run "$SUMMARIZE" "$D/fx"
    grep -qx "(no runs-lines.tsv: these results are from before the harness recorded the run lines; the binaries' output is in logs/)" "$D/fx/report.md"
    [ "$(grep -c 'width 1: grad' "$D/fx/report.md")" -eq 0 ]
}
