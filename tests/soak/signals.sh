#!/usr/bin/env bash
# tests/soak/signals.sh -- the interrupted-run soak: N runs of
# harness/loaded.sh --quick and M runs of harness/report.sh --quick, each
# interrupted at a random (seeded) moment by INT, TERM, HUP or two signals in
# a row, sent to the harness's whole process group as a terminal or a
# supervisor would. After each run it counts
#   - processes left: stress-ng (by the PGID the run wrote to stress-ng.pgid)
#     and the binaries (any process whose command line names the run's
#     samples.csv); found by these ids only, never by a broad name;
#   - partial rows: coldload-summarize --no-report must accept samples.csv
#     and whole.csv (a partial row is an error there);
#   - wrong exit codes: 128 + the first signal's number is expected.
# A run whose exit shows bash's "trap: ... unexpected EOF" is counted apart.
#
#   tests/soak/signals.sh [-n LOADED_RUNS] [-m REPORT_RUNS] [-s SEED] [-k]
#     defaults: -n 200 -m 30 -s 14; -k keeps the results directories
# Prints one line per run and a summary; exits 1 when anything was left or
# wrong. Long: a QUICK report takes ~10-20 s before it is interrupted at most.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
N=200 M=30 SEED=14 KEEP=0
while getopts 'n:m:s:k' o; do
    case $o in
        n) N=$OPTARG ;; m) M=$OPTARG ;; s) SEED=$OPTARG ;; k) KEEP=1 ;;
        *) echo "usage: $0 [-n N] [-m M] [-s SEED] [-k]" >&2; exit 2 ;;
    esac
done
SUMMARIZE=$ROOT/build/coldload-summarize
[ -x "$SUMMARIZE" ] || { echo "soak: build first (make)" >&2; exit 2; }
export COLDLOAD_NO_DROPCACHE=1   # never drop the page cache of a shared machine
work=$(mktemp -d /tmp/coldload-soak.XXXXXX)
RANDOM=$SEED
left=0 partial=0 wrong=0 trapbug=0 runs=0

signum() { kill -l "$1"; }

# live_in_group PGID: processes of the group that are not zombies.
live_in_group() {
    ps -e -o pgid=,stat= | awk -v g="$1" '$1 == g && $2 !~ /^Z/ { n++ } END { print n + 0 }'
}

# pids_writing FILE: processes whose command line holds "--csv FILE" (the
# binaries of one run: FILE is that run's own samples.csv), from /proc.
pids_writing() {
    local f pid args
    for f in /proc/[0-9]*/cmdline; do
        pid=${f#/proc/}
        pid=${pid%/cmdline}
        args=$( { tr '\0' ' ' <"$f"; } 2>/dev/null) || continue
        [[ $args == *"--csv $1 "* ]] && echo "$pid"
    done
}

# one KIND I: start the harness as its own process group leader (set -m),
# wait a random 0.3..(3.3 or 15.3) s, send one or two signals, check.
one() {
    local kind=$1 i=$2 out=$work/$1-$2 pid rc=0 delay sigs s1 s2='' pgid n why=''
    case $((RANDOM % 6)) in
        0) sigs=INT ;; 1) sigs=TERM ;; 2) sigs=HUP ;;
        3) sigs="TERM TERM" ;; 4) sigs="HUP TERM" ;; *) sigs="INT HUP" ;;
    esac
    read -r s1 s2 <<<"$sigs"
    if [ "$kind" = loaded ]; then delay=$((300 + RANDOM % 3000)); else delay=$((300 + RANDOM % 15000)); fi
    set -m
    env --default-signal=INT,TERM,HUP bash "$ROOT/harness/$kind.sh" --quick --out "$out" \
        >"$out.log" 2>&1 </dev/null &
    pid=$!
    set +m
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill "-$s1" -- "-$pid" 2>/dev/null
    if [ -n "$s2" ]; then sleep 0.0$((RANDOM % 9 + 1)); kill "-$s2" -- "-$pid" 2>/dev/null; fi
    wait "$pid" || rc=$?
    runs=$((runs + 1))
    # leftovers, by the ids this run created
    sleep 0.5
    n=0
    if [ -s "$out/stress-ng.pgid" ]; then
        pgid=$(cat "$out/stress-ng.pgid")
        n=$(live_in_group "$pgid")
        if [ "$n" -gt 0 ]; then
            why+=" stress-ng-left=$n"
            kill -KILL -- "-$pgid" 2>/dev/null   # ours: its pgid is in our results dir
        fi
    fi
    local w p
    w=$(pids_writing "$out/samples.csv")
    if [ -n "$w" ]; then
        why+=" binaries-left=$(wc -w <<<"$w")"
        for p in $w; do kill -KILL "$p" 2>/dev/null; done   # by pid: this run's binaries only
    fi
    if [ "$n" -gt 0 ] || [ -n "$w" ]; then left=$((left + 1)); fi
    # whole rows only
    if [ -s "$out/samples.csv" ] || [ -s "$out/whole.csv" ]; then
        mkdir -p "$out.sum/plots"
        local err
        if ! err=$("$SUMMARIZE" --no-report --out "$out.sum" "$out" 2>&1 >/dev/null); then
            case $err in
                *"empty file"*|*"no header"*) ;;   # interrupted before any row: nothing to read
                *) partial=$((partial + 1)); why+=" rows: ${err##*/}" ;;
            esac
        fi
    fi
    # the exit status of the first signal
    if [ "$rc" -ne $((128 + $(signum "$s1"))) ]; then
        if grep -q "trap: line .*unexpected EOF" "$out.log"; then
            trapbug=$((trapbug + 1)); why+=" exit=$rc (bash trap parse failure)"
        else
            # an interruption after the run ended is no interruption
            if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then wrong=$((wrong + 1)); why+=" exit=$rc"; fi
            [ "$rc" -le 1 ] && why+=" (ended before the signal: exit $rc)"
        fi
    fi
    printf 'soak %s %3d: %-9s after %5d ms -> exit %3d%s\n' "$kind" "$i" "$sigs" "$delay" "$rc" "$why"
    [ "$KEEP" = 1 ] || rm -rf -- "$out" "$out.sum" "$out.log"
}

for i in $(seq "$N"); do one loaded "$i"; done
for i in $(seq "$M"); do one report "$i"; done

# Nothing of ours may run now; any stress-ng on the machine is only counted.
others=$(pgrep -c stress-ng || true)
printf 'soak: %d runs (%d loaded.sh, %d report.sh, seed %d): %d with processes left, %d with partial rows, %d wrong exit codes, %d bash trap parse failures; stress-ng processes on the machine now: %s\n' \
    "$runs" "$N" "$M" "$SEED" "$left" "$partial" "$wrong" "$trapbug" "${others:-0}"
if [ "$KEEP" = 1 ]; then echo "soak: results kept in $work"; else rm -rf -- "$work"; fi
[ $((left + partial + wrong + trapbug)) -eq 0 ]
