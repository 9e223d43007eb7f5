#!/usr/bin/env bats
# tests/harness/quick.bats -- cold.sh, warm.sh and loaded.sh in QUICK mode into
# one results directory (as report.sh runs them): meta.txt, samples.csv and
# whole.csv carry the documented columns and sane values.

load helpers

setup_file() {
    load helpers
    need_binaries
    export OUT=$BATS_FILE_TMPDIR/out
    # Fixed widths and one stressor count whatever the machine, so the test
    # knows what to expect; short budgets keep the suite short. Loaded at
    # width 1 only: a width-2 process under pinned load takes seconds for its
    # first call alone (that run: the container's quick report in CI, and
    # tests/long/threads.bats).
    quick cold --copies 2
    quick warm --widths "1 2" --budget 1 --procs 2
    quick loaded --widths 1 --stressors 2 --budget 1 --procs 2 --load both
}

quick() {
    local h=$1
    shift
    bash "$H/$h.sh" --quick --out "$OUT" "$@" >"$BATS_FILE_TMPDIR/$h.log" 2>&1 ||
        { cat "$BATS_FILE_TMPDIR/$h.log"; return 1; }
}

@test "the three harnesses wrote meta, samples.csv, whole.csv, logs and hyperfine exports" {
    [ -s "$OUT/meta.txt" ]
    [ -s "$OUT/samples.csv" ]
    [ -s "$OUT/whole.csv" ]
    ls "$OUT"/logs/*.out >/dev/null
    ls "$OUT"/hyperfine/*.json >/dev/null
    # stdout and stderr of every measurement are kept, page lines included
    grep -q 'svdvals 256x256 .*| first' "$OUT"/logs/warm-idle-svdvals-w1-p1.out
    [ -e "$OUT/logs/warm-idle-svdvals-w1-p2.err" ]
}

@test "stops.csv: a row a cell and load (--procs 2: fixed after 2), its header once; no stop in meta's key names" {
    [ "$(head -n1 "$OUT/stops.csv")" = harness,load,stressors,cell,width,procs,how ]
    [ "$(grep -c '^harness,' "$OUT/stops.csv")" -eq 1 ]
    grep -qx 'warm,none,0,svdvals,2,2,fixed' "$OUT/stops.csv"
    grep -qx 'loaded,pinned,2,svdvals,1,2,fixed' "$OUT/stops.csv"
    grep -qx 'loaded,free,2,grad,1,2,fixed' "$OUT/stops.csv"
    run grep -E '^[a-z]+_stop_[a-z]+_s[0-9]+_.*_w[0-9]+=' "$OUT/meta.txt"
    [ "$status" -eq 1 ]
}

@test "meta.txt: key=value lines with the machine, the settings and start/end probes of each harness" {
    run grep -vE '^[a-z][a-z0-9_]*=' "$OUT/meta.txt"
    [ "$status" -ne 0 ]   # no line that is not key=value
    for k in cpu_model nproc cpus_online cpus_online_count cgroup_cpu_max cpu_limit kernel governor \
             compiler build_flags git_rev openblas_config openblas_corename openblas_parallel clock \
             cold_copies cold_kinds cold_evict_resident_after warm_widths loaded_stressors; do
        grep -q "^$k=." "$OUT/meta.txt" || { echo "missing $k"; return 1; }
    done
    for h in cold warm loaded; do
        for k in start_load1 start_procs_running start_psi_cpu_some end_load1 end_psi_cpu_some \
                 steal_ms budget_s quick exit_status; do
            grep -q "^${h}_$k=." "$OUT/meta.txt" || { echo "missing ${h}_$k"; return 1; }
        done
        grep -q "^${h}_exit_status=0$" "$OUT/meta.txt"
        grep -q "^${h}_quick=1$" "$OUT/meta.txt"
    done
    [ "$(grep -c '^cpu_model=' "$OUT/meta.txt")" -eq 1 ]   # machine block written once
    grep -q "^nproc=$(nproc)$" "$OUT/meta.txt"
    grep -q '^loaded_pinned_s2_established_procs_running=[0-9]' "$OUT/meta.txt"
    grep -q '^loaded_free_s2_established_procs_running=[0-9]' "$OUT/meta.txt"
    grep -q '^loaded_load=pinned free$' "$OUT/meta.txt"
    grep -q '^loaded_procs=2$' "$OUT/meta.txt"
    grep -q '^warm_shuffle_seed=[0-9]' "$OUT/meta.txt"
}

@test "samples.csv: the documented columns, the four harness tags, every row complete" {
    run head -n1 "$OUT/samples.csv"
    [ "$status" -eq 0 ]
    [ "$output" = "timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,migrations,width_requested,censored,harness,condition,stressors,copy,load,proc" ]
    every_row_complete "$OUT/samples.csv"
    # every ms is a number >= 0; phases and truncated from the vocabulary
    run awk -F, 'NR > 1 && !($10 ~ /^[0-9]+(\.[0-9]+)?$/ && $10 >= 0) { print; exit 1 }' "$OUT/samples.csv"
    [ "$status" -eq 0 ]
    # steady_nowait: grad's "no wait" rows, at width > 1 only
    [ "$(col "$OUT/samples.csv" phase | sort -u | tr '\n' ' ')" = "first prepare steady steady_nowait " ]
    [ "$(awk -F, 'NR > 1 && $8 == "steady_nowait" && ($6 == 1 || $4 != "grad")' "$OUT/samples.csv" | wc -l)" -eq 0 ]
    [ "$(col "$OUT/samples.csv" truncated | sort -u | grep -cvE '^[01]$')" -eq 0 ]
    [ "$(col "$OUT/samples.csv" harness | sort -u | tr '\n' ' ')" = "cold loaded warm " ]
}

@test "cold rows: width 1, grad and svdvals, every copy kind asked for, K fresh copies" {
    rows "$OUT/samples.csv" harness cold >"$BATS_TEST_TMPDIR/cold.csv"
    [ "$(col "$BATS_TEST_TMPDIR/cold.csv" width | sort -u)" = 1 ]
    [ "$(col "$BATS_TEST_TMPDIR/cold.csv" workload | sort -u | tr '\n' ' ')" = "grad svdvals " ]
    [ "$(col "$BATS_TEST_TMPDIR/cold.csv" copy | sort -u | tr '\n' ' ')" = "evicted fresh same " ]
    [ "$(col "$BATS_TEST_TMPDIR/cold.csv" condition | sort -u)" = idle ]
    # 2 copies x 2 workloads: one process (run_id) per kind each
    rows "$BATS_TEST_TMPDIR/cold.csv" copy fresh | col /dev/stdin run_id | sort -u >"$BATS_TEST_TMPDIR/ids"
    [ "$(wc -l <"$BATS_TEST_TMPDIR/ids")" -eq 4 ]
    # whole-process view: QUICK's 5 hyperfine runs per kind and workload (at least), and the launcher's rows with faults
    for w in grad svdvals; do
        for kind in fresh same evicted; do
            n=$(awk -F, -v w="$w" -v k="$kind" '$3 == "cold" && $7 == w && $11 == "hyperfine" && $12 == k' "$OUT/whole.csv" | wc -l)
            [ "$n" -ge 5 ] || { echo "$w $kind: $n hyperfine rows"; return 1; }
            n=$(awk -F, -v w="$w" -v k="$kind" '$3 == "cold" && $7 == w && $11 == "coldload-run" && $12 == k && $17 ~ /^[0-9]+$/ && $18 ~ /^[0-9]+$/' "$OUT/whole.csv" | wc -l)
            [ "$n" -eq 2 ] || { echo "$w $kind: $n time rows with faults"; return 1; }
        done
    done
    grep -q '^cold_dropcache=skipped: COLDLOAD_NO_DROPCACHE is set$' "$OUT/meta.txt"
}

@test "warm and loaded rows: the widths asked for at every workload; loaded rows carry stressors=2" {
    ws="grad svdvals"
    if [ -x "$B/ising_trg" ]; then ws="grad svdvals trg"; fi
    declare -A asked=([warm]="1 2 " [loaded]="1 ")
    for h in warm loaded; do
        rows "$OUT/samples.csv" harness "$h" >"$BATS_TEST_TMPDIR/$h.csv"
        [ "$(col "$BATS_TEST_TMPDIR/$h.csv" workload | sort -u | tr '\n' ' ')" = "$ws " ]
        for w in $ws; do
            rows "$BATS_TEST_TMPDIR/$h.csv" workload "$w" >"$BATS_TEST_TMPDIR/w.csv"
            [ "$(col "$BATS_TEST_TMPDIR/w.csv" width | sort -u | tr '\n' ' ')" = "${asked[$h]}" ]
        done
        [ "$(col "$BATS_TEST_TMPDIR/$h.csv" copy | sort -u)" = inplace ]
    done
    [ "$(col "$BATS_TEST_TMPDIR/warm.csv" condition | sort -u)" = idle ]
    [ "$(col "$BATS_TEST_TMPDIR/warm.csv" stressors | sort -u)" = 0 ]
    [ "$(col "$BATS_TEST_TMPDIR/loaded.csv" condition | sort -u)" = loaded ]
    [ "$(col "$BATS_TEST_TMPDIR/loaded.csv" stressors | sort -u)" = 2 ]
    # QUICK: at most 5 steady runs per series
    [ "$(col "$BATS_TEST_TMPDIR/warm.csv" iter | sort -n | tail -n1)" -le 5 ]
}

@test "page lines: first >= 0 and min <= median <= max in every measurement log" {
    n=0
    for f in "$OUT"/logs/*-w[0-9]*.out "$OUT"/logs/cold-*-k[0-9]*.out; do
        while read -r first lo med hi; do
            awk -v f="$first" -v a="$lo" -v m="$med" -v b="$hi" 'BEGIN { exit !(f >= 0 && a <= m && m <= b) }' ||
                { echo "$f: first $first min $lo median $med max $hi"; return 1; }
            n=$((n + 1))
        done < <(sed -n 's/.* first *\([0-9.]*\) | min *\([0-9.]*\) median *\([0-9.]*\) max *\([0-9.]*\) ms.*/\1 \2 \3 \4/p' "$f")
    done
    [ "$n" -ge 16 ]   # cold 8 + warm 4 + loaded 4 p28 lines at least
}

@test "whole.csv: the fixed header, one kind of tool per row, sane times, exit codes 0" {
    run head -n1 "$OUT/whole.csv"
    [ "$status" -eq 0 ]
    [ "$output" = "timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,proc" ]
    every_row_complete "$OUT/whole.csv"
    [ "$(grep -c '^timestamp,' "$OUT/whole.csv")" -eq 1 ]
    [ "$(col "$OUT/whole.csv" tool | sort -u | tr '\n' ' ')" = "coldload-run hyperfine " ]
    run awk -F, 'NR > 1 && !($14 >= 0 && $14 != "" && $19 == "0") { print; exit 1 }' "$OUT/whole.csv"
    [ "$status" -eq 0 ]
    # warm and loaded: one launcher's row per measurement with the tags
    ws=2
    if [ -x "$B/ising_trg" ]; then ws=3; fi
    # (warm: 2 widths x 2 processes; loaded: 1 width x 2 processes, at each kind of load)
    [ "$(awk -F, '$3 == "warm" && $4 == "idle" && $11 == "coldload-run" && $20 == "none"' "$OUT/whole.csv" | wc -l)" -eq $((4 * ws)) ]
    for load in pinned free; do
        [ "$(awk -F, -v l=$load '$3 == "loaded" && $4 == "loaded" && $5 == "2" && $11 == "coldload-run" && $20 == l' "$OUT/whole.csv" | wc -l)" -eq $((2 * ws)) ]
    done
}

@test "runs.csv: the launcher's row for every cold, warm and loaded run, its documented columns, joined to its cell" {
    # the header: runs-columns.tsv's names (coldload-run --list-columns), then the harness's tags
    want=$(tail -n +2 "$OUT/runs-columns.tsv" | cut -f1 | paste -sd,),harness,condition,stressors,copy,load,proc
    [ "$(head -n1 "$OUT/runs.csv")" = "$want" ]
    [ "$(grep -c '^timestamp,' "$OUT/runs.csv")" -eq 1 ]
    # read as CSV (a why text may hold a quoted comma): one row a run, as many as
    # the launcher's whole.csv rows of each harness, with the same cells and tags
    python3 - "$OUT/runs.csv" "$OUT/whole.csv" <<'PY'
import csv, sys
runs = list(csv.DictReader(open(sys.argv[1], newline="")))
whole = [r for r in csv.DictReader(open(sys.argv[2], newline="")) if r["tool"] == "coldload-run"]
key = lambda r: (r["harness"], r["condition"], r["stressors"], r["copy"], r["load"], r["proc"], r["workload"], r["width"])
assert sorted(map(key, runs)) == sorted(map(key, whole)), (len(runs), len(whole))
assert {r["harness"] for r in runs} == {"cold", "warm", "loaded"}
assert {r["load"] for r in runs if r["harness"] == "loaded"} == {"pinned", "free"}
for r in runs:
    # a run that ended well, its wall and CPU time, and where its wait figures came from
    assert r["status"] == "ok" and r["exit_code"] == "0", r
    assert float(r["wall_ms"]) > 0 and float(r["cpu_ms"]) > 0, r
    assert r["method"] in ("cgroup", "schedstat"), r
    # the cgroup's figures with a cgroup (its CPU time, the CPU pressure); the sampler off
    if r["method"] == "cgroup":
        assert float(r["cg_cpu_ms"]) > 0 and float(r["wait_full_ms"]) >= 0, r
    assert r["samples"] == "0" and r["cpus"] == "", r
    # and the perf counters off: no per-task counter on a program timing microsecond calls
    assert r["perf_why"] == "off (--no-perf)" and r["ctxsw"] == "" and r["migrations"] == "", r
    # the same run's faults in whole.csv (what GNU time gave) come from this row
    assert r["minflt"].isdigit() and r["majflt"].isdigit(), r
PY
    # the summary joins the launcher's figures to the page's own cells (wait=block
    # in the binaries' rows): every warm and loaded group of p28_timing has its
    # runs' wall time (a TRG process runs a group per beta: its run is theirs all)
    "$B/coldload-summarize" "$OUT" >/dev/null 2>&1
    run jq -e '[.groups[] | select((.harness == "warm" or .harness == "loaded") and (.key.workload == "grad" or .key.workload == "svdvals"))]
        | length > 0 and all(.run_figures.wall_ms > 0 and .run_figures.cpu_ms > 0)' "$OUT/results.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "no stress-ng of the loaded run is left, of either kind of load" {
    for load in pinned free; do
        pgid=$(sed -n "s/^loaded_${load}_s2_stress_pgid=//p" "$OUT/meta.txt")
        [ -n "$pgid" ]
        no_live_in_group "$pgid"
    done
}

@test "rows carry load (none idle, pinned and free loaded), proc 1..K, cpu and cpus of each call" {
    [ "$(rows "$OUT/samples.csv" harness warm | col /dev/stdin load | sort -u)" = none ]
    [ "$(rows "$OUT/samples.csv" harness cold | col /dev/stdin load | sort -u)" = none ]
    [ "$(rows "$OUT/samples.csv" harness loaded | col /dev/stdin load | sort -u | tr '\n' ' ')" = "free pinned " ]
    for h in warm loaded; do
        [ "$(rows "$OUT/samples.csv" harness $h | col /dev/stdin proc | sort -u | tr '\n' ' ')" = "1 2 " ]
    done
    # every first and steady call says where it ran: cpu a CPU number, cpus a ;-list of them
    n=$(nproc)
    run awk -F, -v n="$n" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["phase"] != "prepare" && !($c["cpu"] ~ /^[0-9]+$/ && $c["cpu"] < n && $c["cpus"] ~ /^[0-9]+(;[0-9]+)*$/) { print; bad = 1 }
        END { exit bad }' "$OUT/samples.csv"
    [ "$status" -eq 0 ]
    # each cell's processes are distinct processes (run ids)
    [ "$(rows "$OUT/samples.csv" harness loaded | rows /dev/stdin load pinned | rows /dev/stdin workload svdvals | rows /dev/stdin width 1 | col /dev/stdin run_id | sort -u | wc -l)" -eq 2 ]
}
