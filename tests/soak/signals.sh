#!/usr/bin/env bash
# tests/soak/signals.sh -- the interrupted-run soak: N runs of
# harness/loaded.sh --quick and M runs of harness/report.sh --quick, each
# interrupted at a random (seeded) moment by INT, TERM, HUP or two signals in
# a row, sent to the harness's whole process group as a terminal or a
# supervisor would. After each run it counts
#   - processes left: stress-ng (by the PGID the run wrote to stress-ng.pgid)
#     and the binaries (any process whose command line names the run's
#     samples.csv); found by these ids only, never by a broad name; one
#     still exiting is given GRACE s more, one still there then is left
#     (its ps line printed); and the supervisor's hand-over file (TMPDIR is
#     the run's own);
#   - partial rows: coldload-summarize --no-report must accept samples.csv
#     and whole.csv (a partial row is an error there);
#   - wrong exit codes, over every run that received a signal (its kill
#     found the process group, or meta.txt says it was interrupted): 128 +
#     the first signal's number is expected; a run that ended before the
#     signal must have exited 0.
# A run whose exit shows bash's "trap: ... unexpected EOF" is counted apart.
usage() {
    cat <<USAGE
usage: tests/soak/signals.sh [-n LOADED_RUNS] [-m REPORT_RUNS] [-s SEED] [-k] [-h|--help]
  N runs of harness/loaded.sh --quick and M of harness/report.sh --quick, each
  interrupted at a random (seeded) moment; counts processes left, partial rows
  and wrong exit codes, and exits 1 when any was found.
  -n N     loaded.sh runs (default 200)      -m M     report.sh runs (default 30)
  -s SEED  the random seed (default 14)      -k       keep the results directories
USAGE
}
# Prints one line per run, the failed runs' lines again and a summary; exits 1 when anything was left or
# wrong. Long: a QUICK report takes ~10-20 s before it is interrupted at most.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
N=200 M=30 SEED=14 KEEP=0
case ${1:-} in -h | --help) usage; exit 0 ;; esac
while getopts 'n:m:s:kh' o; do
    case $o in
        n) N=$OPTARG ;; m) M=$OPTARG ;; s) SEED=$OPTARG ;; k) KEEP=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done
SUMMARIZE=$ROOT/build/coldload-summarize
[ -x "$SUMMARIZE" ] || { echo "soak: build first (make)" >&2; exit 2; }
export COLDLOAD_NO_DROPCACHE=1   # never drop the page cache of a shared machine
work=$(mktemp -d /tmp/coldload-soak.XXXXXX)
RANDOM=$SEED
left=0 partial=0 wrong=0 trapbug=0 runs=0 failed=()
GRACE=2   # s a process found after a run's exit has to finish exiting

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
    local kind=$1 i=$2 out=$work/$1-$2 pid rc=0 delay sigs s1 s2='' pgid n why='' saw=0 line
    case $((RANDOM % 6)) in
        0) sigs=INT ;; 1) sigs=TERM ;; 2) sigs=HUP ;;
        3) sigs="TERM TERM" ;; 4) sigs="HUP TERM" ;; *) sigs="INT HUP" ;;
    esac
    read -r s1 s2 <<<"$sigs"
    if [ "$kind" = loaded ]; then delay=$((300 + RANDOM % 3000)); else delay=$((300 + RANDOM % 15000)); fi
    mkdir -p "$out.tmp"
    set -m
    TMPDIR=$out.tmp env --default-signal=INT,TERM,HUP bash "$ROOT/harness/$kind.sh" --quick --out "$out" \
        >"$out.log" 2>&1 </dev/null &
    pid=$!
    set +m
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    # kill succeeds only while the group (the supervisor leads it) is alive
    kill "-$s1" -- "-$pid" 2>/dev/null && saw=1
    if [ -n "$s2" ]; then sleep 0.0$((RANDOM % 9 + 1)); kill "-$s2" -- "-$pid" 2>/dev/null; fi
    wait "$pid" || rc=$?
    runs=$((runs + 1))
    # leftovers, by the ids this run created: looked for 0.5 s after the
    # harness exited and, when some are there, again after GRACE s -- a
    # process that was killed and is still exiting on a busy machine is not
    # left running; one still there then is, and its ps line is printed.
    sleep 0.5
    n=0 pgid=''
    local w p t
    [ -s "$out/stress-ng.pgid" ] && pgid=$(cat "$out/stress-ng.pgid")
    for t in 0 1; do
        n=0
        [ -n "$pgid" ] && n=$(live_in_group "$pgid")
        w=$(pids_writing "$out/samples.csv")
        if [ "$n" = 0 ] && [ -z "$w" ]; then break; fi
        if [ "$t" = 0 ]; then why+=" (still stopping after 0.5 s:${n:+ stress-ng $n}${w:+ binaries $(wc -w <<<"$w")})"; sleep "$GRACE"; fi
    done
    if [ "$n" -gt 0 ]; then
        why+=" stress-ng-left=$n [$(ps -o pid=,stat=,args= -g "$pgid" | tr -s ' \n' ' ')]"
        kill -KILL -- "-$pgid" 2>/dev/null   # ours: its pgid is in our results dir
    fi
    if [ -n "$w" ]; then
        why+=" binaries-left=$(wc -w <<<"$w") [$(ps -o pid=,ppid=,stat=,args= -p "${w//$'\n'/,}" | tr -s ' \n' ' ')]"
        for p in $w; do kill -KILL "$p" 2>/dev/null; done   # by pid: this run's binaries only
    fi
    local handover
    handover=$(find "$out.tmp" -name 'coldload-out.*' 2>/dev/null | wc -l)
    [ "$handover" -gt 0 ] && why+=" hand-over-files-left=$handover"
    if [ "$n" -gt 0 ] || [ -n "$w" ] || [ "$handover" -gt 0 ]; then left=$((left + 1)); fi
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
    # the exit status of the first signal, for every run that received one
    if grep -qE '^[a-z]+_interrupted_by=SIG' "$out/meta.txt" 2>/dev/null; then saw=1; fi
    if [ "$saw" = 1 ] && [ "$rc" -ne $((128 + $(signum "$s1"))) ]; then
        if grep -q "trap: line .*unexpected EOF" "$out.log"; then
            trapbug=$((trapbug + 1)); why+=" exit=$rc (bash trap parse failure)"
        else
            wrong=$((wrong + 1)); why+=" exit=$rc, expected $((128 + $(signum "$s1")))"
        fi
    elif [ "$saw" = 0 ]; then
        why+=" (ended before the signal: exit $rc)"
        if [ "$rc" -ne 0 ]; then wrong=$((wrong + 1)); fi
    fi
    printf -v line 'soak %s %3d: %-9s after %5d ms -> exit %3d%s' "$kind" "$i" "$sigs" "$delay" "$rc" "$why"
    printf '%s\n' "$line"
    case $why in *-left=* | *" rows: "* | *" exit="*) failed+=("$line") ;; esac
    [ "$KEEP" = 1 ] || rm -rf -- "$out" "$out.sum" "$out.log" "$out.tmp"
}

for i in $(seq "$N"); do one loaded "$i"; done
for i in $(seq "$M"); do one report "$i"; done

# the failed runs again, at the end: a log cut to its tail still shows them
for line in "${failed[@]}"; do printf 'soak failed: %s\n' "$line"; done
# Nothing of ours may run now; any stress-ng on the machine is only counted.
others=$(pgrep -c stress-ng || true)
printf 'soak: %d runs (%d loaded.sh, %d report.sh, seed %d): %d with processes left, %d with partial rows, %d wrong exit codes, %d bash trap parse failures; stress-ng processes on the machine now: %s\n' \
    "$runs" "$N" "$M" "$SEED" "$left" "$partial" "$wrong" "$trapbug" "${others:-0}"
if [ "$KEEP" = 1 ]; then echo "soak: results kept in $work"; else rm -rf -- "$work"; fi
[ $((left + partial + wrong + trapbug)) -eq 0 ]
