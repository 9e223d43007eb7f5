#!/usr/bin/env bash
# tests/report/fixture.sh DIR -- writes a small synthetic results directory
# (meta.txt, samples.csv, whole.csv, logs/) shaped exactly like the
# harnesses' output: cold (fresh/same/evicted/dropcache), warm (widths 1 and
# 2) and loaded (stress-ng --cpu 2) runs of grad, svdvals and trg.
#
# The figures follow this machine kind and the page: grad's first run of a
# fresh copy ~6.6 ms against ~0.015 ms steady, svdvals 256 at width 2 under
# load ~1500 ms against ~4 ms idle, TRG 27x slower at width 2. Deterministic
# (a fixed LCG), so the committed tests/fixtures/results-small/ can be
# re-made and diffed: tests/report/fixture.sh tests/fixtures/results-small
#
# --procs: the per-process layout instead (tests/fixtures/results-procs): the
# placement columns (cpu, cpus, migrations) and the load and proc tags, K = 5
# processes per warm and loaded cell, and both kinds of load -- pinned (every
# process slow at width 2, its threads on both CPUs) and free (svdvals width 2
# bimodal: process 1 as slow as pinned with its threads on 2 CPUs, the other
# four near idle with theirs on one; grad width 2 uniformly 1.2x).
set -euo pipefail

procs=0
[ "${1:-}" = --procs ] && { procs=1; shift; }
[ $# -eq 1 ] || { echo "usage: $0 [--procs] DIR" >&2; exit 2; }
dir=$1
mkdir -p "$dir/logs"

awk -v dir="$dir" -v NEW="$procs" '
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
function stamp(   s, m) {
    clock += 0.137
    s = int(clock); m = int((clock - s) * 1000)
    return sprintf("2026-12-02T10:%02d:%02d.%03dZ", int(s / 60) % 60, s % 60, m)
}
function row(phase, iter, ms, minflt, majflt, nivcsw, trunc,   place, tags) {
    # placement: a prepare row has none; the calling thread ends on the last CPU of the set
    place = (phase == "prepare") ? ",,," : "," substr(CPUS, length(CPUS)) "," CPUS ","
    place = place (phase == "prepare" ? "" : (CPUS == "1" ? 0 : 1))
    tags = H "," COND "," S "," COPY
    if (NEW) { tags = tags "," LOADK "," PROCN } else place = ""
    printf "%s,vm,%s,%s,%s,%d,%s,%s,%d,%.6f,%d,%d,%d,%d,%.2f,%d,%s,%d%s,%s\n", \
        stamp(), runid, W, P, WIDTH, WAIT, phase, iter, ms, minflt, majflt, 0, nivcsw, \
        LOAD, PROCS, (phase == "prepare" ? "0000000000000000" : SUM), trunc, \
        place, tags > (dir "/samples.csv")
}
# One process: prepare (when prep > 0), first, n steady runs in [lo, hi].
function proc(prep, first, lo, hi, n, majflt, trunc,   i, ms) {
    pid++
    runid = sprintf("1796200000%03d-%d", pid, 4000 + pid)
    if (prep > 0) row("prepare", 0, prep, 40, majflt, 0, 0)
    row("first", 0, first, 180 + 60 * majflt, majflt, 0, 0)
    for (i = 1; i <= n; i++) {
        ms = (i == 1) ? lo : (i == 2) ? hi : lo + (hi - lo) * 0.1 * rnd()
        row("steady", i, ms, 0, 0, (COND == "loaded") ? int(3 + 20 * rnd()) : 0,
            (trunc && i == n) ? 1 : 0)
    }
}
function whole(tool, label, run, wall, minflt, majflt) {
    printf "%s,vm,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d,%.3f,%s,%s,%s,%s,0\n", stamp(), H, COND, S, \
        COPY, W, P, WIDTH, WAIT, tool, label, run, wall, \
        (tool == "time" ? sprintf("%d", wall * 0.8) : sprintf("%.3f", wall * 0.7)), \
        (tool == "time" ? sprintf("%d", wall * 0.1) : sprintf("%.3f", wall * 0.2)), \
        minflt, majflt > (dir "/whole.csv")
}
function meta(k, v) { print k "=" v > (dir "/meta.txt") }
# PSI: frac of the wall time since the previous probe had a task waiting for a CPU.
function probe(p, frac,   now) {
    now = clock
    psi += frac * (now - psiclock) * 1e6; psiclock = now
    meta(p "_utc", stamp())
    meta(p "_load1", LOAD)
    meta(p "_procs_running", PROCS)
    meta(p "_psi_cpu_some", sprintf("avg10=0.00 avg60=0.00 avg300=0.00 total=%d", psi))
}
# checksums: one per workload, params and width (widths differ in the last bits)
function sum(w, p, width) { return sprintf("%08x%08x", length(w p) * 2654435761 % 4294967296, width * 40503 + length(p)) }
BEGIN {
    seed = 42; clock = 0; psi = 1000000; psiclock = 0
    K = NEW ? 5 : 1; LOADK = "none"; PROCN = 1; CPUS = "1"
    print "timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated" \
        (NEW ? ",cpu,cpus,migrations" : "") ",harness,condition,stressors,copy" (NEW ? ",load,proc" : "") > (dir "/samples.csv")
    print "timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code" > (dir "/whole.csv")
    meta("meta_written_by", "tests/report/fixture.sh (synthetic)")
    meta("host", "vm"); meta("cpu_model", "AMD EPYC 7B13 (synthetic fixture)"); meta("nproc", 2)
    meta("kernel", "Linux 6.1.0 x86_64"); meta("openblas_corename", "Zen")

    # --- cold: width 1, idle; two copies, each fresh / same / evicted / dropcache
    H = "cold"; COND = "idle"; S = "0"; WIDTH = 1; WAIT = "block"; LOAD = 0.21; PROCS = 1
    probe("cold_start", 0)
    for (k = 1; k <= 2; k++) {
        W = "grad"; P = "n=1000"; SUM = sum(W, P, 1)
        COPY = "fresh";     proc(1.80, 6.62 - k * 0.5, 0.015, 0.028, 5, 0, 0);   whole("time", COPY, k, 24, 980, 0)
        COPY = "same";      proc(0.15, 0.109, 0.015, 0.022, 5, 0, 0);            whole("time", COPY, k, 11, 960, 0)
        COPY = "evicted";   proc(1.95, 7.9 - k * 0.3, 0.015, 0.024, 5, 41, 0);    whole("time", COPY, k, 38, 990, 57)
        COPY = "dropcache"; proc(2.40, 14.1, 0.016, 0.026, 5, 95, 0);            whole("time", COPY, k, 92, 1010, 188)
        W = "svdvals"; P = "size=256"; SUM = sum(W, P, 1)
        COPY = "fresh";     proc(0, 12.4, 5.61, 6.02, 5, 0, 0);                  whole("time", COPY, k, 61, 1450, 0)
        COPY = "same";      proc(0, 6.30, 5.60, 5.98, 5, 0, 0);                  whole("time", COPY, k, 48, 1420, 0)
        COPY = "evicted";   proc(0, 14.9, 5.62, 6.05, 5, 52, 0);                 whole("time", COPY, k, 77, 1460, 61)
        COPY = "dropcache"; proc(0, 31.8, 5.63, 6.10, 5, 140, 0);                whole("time", COPY, k, 140, 1490, 203)
    }
    split("fresh same evicted dropcache", kinds, " ")
    split("8.9 2.9 31.5 84.0", gradwall, " "); split("21.5 13.8 44.0 101.0", svdwall, " ")
    for (i = 1; i <= 4; i++) {
        COPY = kinds[i]
        W = "grad"; P = "n=1000"; for (r = 1; r <= 10; r++) whole("hyperfine", COPY, r, gradwall[i] * (0.95 + 0.1 * rnd()), "", "")
        W = "svdvals"; P = "size=256"; for (r = 1; r <= 10; r++) whole("hyperfine", COPY, r, svdwall[i] * (0.95 + 0.1 * rnd()), "", "")
    }
    probe("cold_end", 0.01)

    # --- warm: idle, widths 1 and 2
    H = "warm"; COND = "idle"; S = "0"; COPY = "warm"; WAIT = "block"
    probe("warm_start", 0)
    for (WIDTH = 1; WIDTH <= 2; WIDTH++) {
        LOAD = 0.35 + 0.3 * WIDTH; PROCS = WIDTH; CPUS = (WIDTH == 1) ? "1" : "0;1"
        W = "grad"; P = "n=1000"; SUM = sum(W, P, WIDTH)
        for (PROCN = 1; PROCN <= K; PROCN++)
            if (WIDTH == 1) proc(0.14, 0.110, 0.015, 0.021, 5, 0, 0); else proc(0.16, 0.180, 0.019, 0.031, 5, 0, 0)
        whole("time", W, WIDTH, 9, 900, 0)
        W = "svdvals"; P = "size=256"; SUM = sum(W, P, WIDTH)
        for (PROCN = 1; PROCN <= K; PROCN++)
            if (WIDTH == 1) proc(0, 6.05, 5.62, 5.95, 5, 0, 0); else proc(0, 4.61, 3.71, 4.32, 5, 0, 0)
        whole("time", W, WIDTH, 40, 1400, 0)
        PROCN = 1
        W = "trg"
        for (b = 3; b <= 4; b++) {
            P = "beta=0." b ";chi=8;steps=10"; SUM = sum(W, P, WIDTH)
            base = (WIDTH == 1) ? 52 + 2 * b : 29 + b
            proc(0, base * 1.08, base, base * 1.04, 2, 0, 0)
        }
        P = "beta=0.3;chi=8;steps=10|beta=0.4;chi=8;steps=10"; whole("time", W, WIDTH, 400, 2100, 0)
    }
    probe("warm_end", 0.02)

    # --- loaded: stress-ng --cpu 2, widths 1 and 2, budgets truncate width 2
    H = "loaded"; COND = "loaded"; S = "2"; COPY = "warm"; WAIT = "block"; LOAD = 2.9
    probe("loaded_start", 0)
    probe("loaded_s2_established", 0.5)
    if (NEW) {
        meta("load", "pinned free"); meta("procs", K); meta("shuffle_seed", 9)
        meta("load_pinned_workers", "5001@0 5002@1")
        for (l = 1; l <= 2; l++) {
            LOADK = (l == 1) ? "pinned" : "free"
            for (WIDTH = 1; WIDTH <= 2; WIDTH++) {
                PROCS = 2 + WIDTH + 1
                for (PROCN = 1; PROCN <= K; PROCN++) {
                    # pinned: every width-2 process slow, threads on both CPUs; free:
                    # svdvals width 2 slow only in process 1 (threads on 2 CPUs)
                    slow = WIDTH == 2 && (LOADK == "pinned" || PROCN == 1)
                    CPUS = slow ? "0;1" : "1"
                    W = "grad"; P = "n=1000"; SUM = sum(W, P, WIDTH)
                    if (WIDTH == 1) proc(0.17, 0.13, 0.016, 0.030, 5, 0, 0)
                    else if (LOADK == "pinned") proc(0.4, 4.7, 1.9, 5.6, 5, 0, 0)
                    else { CPUS = "1"; proc(0.2, 0.25, 0.023, 0.037, 5, 0, 0) }
                    CPUS = slow ? "0;1" : "1"
                    W = "svdvals"; P = "size=256"; SUM = sum(W, P, WIDTH)
                    if (WIDTH == 1) proc(0, 10.3, 6.0, 6.4, 5, 0, 0)
                    else if (slow) proc(0, 1510, 980, 1200, 5, 0, 0)
                    else proc(0, 9.1, 4.6, 5.4, 5, 0, 0)
                }
            }
        }
        # the stopping rule record of each loaded cell (harness/lib/workloads.sh
        # cl_stop_note): every kind of stop, so the report table shows each
        meta("loaded_stop_pinned_s2_grad_w1", K " decided"); meta("loaded_stop_pinned_s2_svdvals_w1", K " decided")
        meta("loaded_stop_pinned_s2_grad_w2", K " decided"); meta("loaded_stop_pinned_s2_svdvals_w2", K " decided")
        meta("loaded_stop_free_s2_grad_w1", K " decided"); meta("loaded_stop_free_s2_svdvals_w1", K " decided")
        meta("loaded_stop_free_s2_grad_w2", K " fixed"); meta("loaded_stop_free_s2_svdvals_w2", K " max")
        PROCN = 1; LOADK = "none"
    }
    for (WIDTH = 1; WIDTH <= 2 && !NEW; WIDTH++) {
        PROCS = 2 + WIDTH + 1
        W = "grad"; P = "n=1000"; SUM = sum(W, P, WIDTH)
        if (WIDTH == 1) proc(0.17, 0.13, 0.016, 0.030, 5, 0, 0); else proc(0.4, 4.7, 1.9, 5.6, 5, 0, 0)
        whole("time", W, WIDTH, 12, 900, 0)
        W = "svdvals"; P = "size=256"; SUM = sum(W, P, WIDTH)
        if (WIDTH == 1) proc(0, 10.3, 8.1, 11.9, 5, 0, 0); else proc(0, 1510, 980, 4500, 5, 0, 1)
        whole("time", W, WIDTH, WIDTH == 1 ? 70 : 9800, 1400, 0)
        W = "trg"
        for (b = 3; b <= 4; b++) {
            P = "beta=0." b ";chi=8;steps=10"; SUM = sum(W, P, WIDTH)
            base = (WIDTH == 1) ? 80 + 2 * b : 850 + 30 * b
            proc(0, base * 1.1, base, base * 1.3, 2, 0, WIDTH == 2)
        }
        P = "beta=0.3;chi=8;steps=10|beta=0.4;chi=8;steps=10"; whole("time", W, WIDTH, WIDTH == 1 ? 700 : 6100, 2100, 0)
    }
    probe("loaded_s2_before_stop", 0.93)
    probe("loaded_end", 0.5)
}'

# The page-format lines the binaries print (logs/<step>.out).
cat >"$dir/logs/cold-fresh-grad-k1.out" <<'EOF'
# p28_timing: width 1, wait block; OpenBLAS pthread threads 1, core Zen, OpenBLAS 0.3.21 DYNAMIC_ARCH
width 1: grad n=1000  prepare 1.800 ms | run+readback first 6.120 | min 0.015 median 0.017 max 0.028 ms
EOF
cat >"$dir/logs/cold-same-grad-k1.out" <<'EOF'
width 1: grad n=1000  prepare 0.150 ms | run+readback first 0.109 | min 0.015 median 0.016 max 0.022 ms
EOF
cat >"$dir/logs/warm-idle-svdvals-w2.out" <<'EOF'
width 2: svdvals 256x256      | first    4.610 | min    3.710 median    3.900 max    4.320 ms
EOF
cat >"$dir/logs/loaded-loaded-s2-svdvals-w2.out" <<'EOF'
width 2: svdvals 256x256      | first 1510.000 | min  980.000 median 1020.000 max 4500.000 ms (budget: 5 runs)
EOF
cat >"$dir/logs/loaded-loaded-s2-trg-w2.out" <<'EOF'
beta=0.3000 lnZ/N=0.790559063801 dlnZ/dbeta=0.704498679523 exact=0.790559070951 0.704499070800 | first 1034.0 | value_and_grad 940.0 ms
EOF

# What the harness records of them after each command (harness/lib/workloads.sh
# cl_run_lines, by the binaries' line_prefix): runs-lines.tsv, the report's
# Runs section. The same function, so the fixture is what a run leaves.
# shellcheck source=harness/lib/workloads.sh
. "$(dirname "$0")/../../harness/lib/workloads.sh"
CL_OUT=$dir CL_WL_READ=1
CL_WL_LINE_PREFIX=([grad]="width " [trg]="beta=")
rm -f "$dir/runs-lines.tsv"
for log in "$dir"/logs/*.out; do cl_run_lines "${log%.out}"; done
