#!/usr/bin/env bash
# tests/report/scan_fixture.sh -- writes tests/fixtures/results-scan/ (kept
# in git; re-run after changing it): a synthetic 2-CPU scan whose every cell
# median is known exactly. Each cell has 3 processes whose steady medians are
# 0.9, 1 and 1.1 x the cell's base (each from 3 calls at 0.95, 1, 1.05 x), so
# the cell's median of process medians is its base:
#   grad     idle width 1: 0.012 ms; width w at k pinned workers:
#            0.012 x (1 + k) x (w == 1 ? 1 : 3 (w - 1) + 100 k (w - 1))
#   svdvals  idle width 1: 5 ms; width w: 5 x (1 + k) x (w == 1 ? 1 : (1 + 400 k) / w)
#   auto     width 1's base (grad everywhere, svdvals loaded), width 2's (svdvals idle)
# and the wait scan: base x (spin 1.5, yield 1.2, block 1) under load, x 1 idle.
# Exceptions (the cut cells): load scan svdvals k=2 width 4: all 3 processes
# stopped inside a call (ledger: watchdog, wall 1800 ms, no rows); svdvals k=2
# width 3: its 3rd process so (2 with rows); grad k=1 width 2: the 1st
# process's last row truncated=1 (its budget).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=tests/fixtures/results-scan
hdr=timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,migrations,width_requested,harness,condition,stressors,copy,load,proc
echo "$hdr" >"$out/samples.csv"
echo scan,workload,wait,width_requested,condition,load,stressors,proc,cap_s,wall_ms,exit_code,cut >"$out/scan-cells.csv"
printf 'scan_cpus=2\nscan_which=both\n' >"$out/meta.txt"
run=0
base() {   # base WORKLOAD K WIDTH
    awk -v w="$1" -v k="$2" -v x="$3" 'BEGIN {
        if (w == "grad") b = 0.012 * (1 + k) * (x == 1 ? 1 : 3 * (x - 1) + 100 * k * (x - 1))
        else b = 5 * (1 + k) * (x == 1 ? 1 : (1 + 400 * k) / x)
        printf "%.9g", b }'
}
# proc SCAN WORKLOAD WAIT WREQ WIDTH COND LOAD K P BASE TRUNC
proc() {
    local f i ms tr params
    run=$((run + 1))
    case $2 in grad) params=n=1000 ;; *) params=size=256 ;; esac
    f=$(awk -v p="$9" 'BEGIN { print (p == 1 ? 0.9 : p == 2 ? 1 : 1.1) }')
    for i in 1 2 3; do
        ms=$(awk -v b="${10}" -v f="$f" -v i="$i" 'BEGIN { printf "%.9g", b * f * (i == 1 ? 0.95 : i == 2 ? 1 : 1.05) }')
        tr=0
        [ "$i" = 3 ] && tr=${11}
        printf '2026-12-03T09:00:00.000Z,vm,1796300000000-%d,%s,%s,%s,%s,steady,%d,%s,0,0,0,0,0.10,1,00000000000000aa,%s,0,0,0,%s,scan-%s,%s,%s,warm,%s,%s\n' \
            "$run" "$2" "$params" "$5" "$3" "$i" "$ms" "$tr" "$4" "$1" "$6" "$8" "$7" "$9" >>"$out/samples.csv"
    done
    printf '%s,%s,%s,%s,%s,%s,%s,%s,1.50,120,0,%s\n' "$1" "$2" "$3" "$4" "$6" "$7" "$8" "$9" \
        "$([ "${11}" = 1 ] && echo budget || echo none)" >>"$out/scan-cells.csv"
}
cut() {   # cut SCAN WORKLOAD WAIT WREQ COND LOAD K P
    printf '%s,%s,%s,%s,%s,%s,%s,%s,1.80,1800,124,watchdog\n' "$@" >>"$out/scan-cells.csv"
}
for k in 0 1 2; do
    cond=loaded load=pinned
    [ "$k" = 0 ] && cond=idle load=none
    for w in grad svdvals; do
        for x in 1 2 3 4 auto; do
            for p in 1 2 3; do
                if [ "$w:$k:$x" = svdvals:2:4 ] || { [ "$w:$k:$x" = svdvals:2:3 ] && [ "$p" = 3 ]; }; then
                    cut load "$w" block "$x" "$cond" "$load" "$k" "$p"
                    continue
                fi
                chosen=$x
                if [ "$x" = auto ]; then
                    chosen=1
                    [ "$w:$k" = svdvals:0 ] && chosen=2
                fi
                tr=0
                [ "$w:$k:$x:$p" = grad:1:2:1 ] && tr=1
                proc load "$w" block "$x" "$chosen" "$cond" "$load" "$k" "$p" "$(base "$w" "$k" "$chosen")" "$tr"
            done
        done
    done
done
for load in none pinned free; do
    k=2 cond=loaded
    [ "$load" = none ] && k=0 cond=idle
    for w in grad svdvals; do
        for pol in spin yield block; do
            for x in 1 2 3; do
                for p in 1 2 3; do
                    b=$(base "$w" "$k" "$x")
                    if [ "$load" != none ]; then
                        b=$(awk -v b="$b" -v pol="$pol" 'BEGIN { printf "%.9g", b * (pol == "spin" ? 1.5 : pol == "yield" ? 1.2 : 1) }')
                    fi
                    proc wait "$w" "$pol" "$x" "$x" "$cond" "$load" "$k" "$p" "$b" 0
                done
            done
        done
    done
done
