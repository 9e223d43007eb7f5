#!/usr/bin/env bash
# tests/unit/cli.sh -- p28_timing as a user meets it: every rejected option
# value exits 2 with one line naming the option and writes nothing; the
# output lines follow the page's format; the CSV has the documented columns;
# --budget truncation is marked. Exits non-zero on the first failure.
set -uo pipefail
bin=${BIN:-build/p28_timing}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# rejects ARGS... : exit 2, exactly one stderr line naming the option, no CSV.
rejects() {
  local want=$1; shift
  local err rc
  err=$("$bin" --csv "$tmp/never.csv" "$@" 2>&1 >/dev/null); rc=$?
  [ "$rc" -eq 2 ] || fail "$*: exit $rc, want 2"
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$*: want one line, got: $err"
  case "$err" in *"$want"*) ;; *) fail "$*: message '$err' does not name '$want'";; esac
  [ ! -e "$tmp/never.csv" ] || { fail "$*: wrote the CSV"; rm -f "$tmp/never.csv"; }
}

rejects --width --width 0
rejects --width --width -1
rejects --width --width two
rejects --width --width 257
rejects --width --width ''
rejects --width --width
rejects --width --width auto:
rejects --width --width auto:0
rejects --width --width auto:257
rejects --width --width autox
rejects --n --n 0
rejects --n --n -5
rejects --n --n 1e3
rejects --n --n 99999999999
rejects --size --size 0
rejects --size --size 100000
rejects --runs --runs 0
rejects --runs --runs x
rejects --budget --budget -1
rejects --budget --budget soon
rejects --workload --workload fft
rejects --wait --wait busy
rejects --tag --tag novalue
rejects --tag --tag =v
rejects --tag --tag 1k=v
rejects --tag --tag ms=3
rejects --tag --tag a=1 --tag a=2
rejects "unknown option" --frobnicate
# A newline in the key: still one line, the newline shown as \n.
rejects --tag --tag $'a\nb=1'

# A FIFO (or any non-regular file) as --csv: refused at once, exit 2; open()
# must not wait for a reader (timeout 5 catches a hang: exit 124).
mkfifo "$tmp/fifo"
err=$(timeout 5 "$bin" --runs 1 --csv "$tmp/fifo" 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] || fail "FIFO as --csv: exit $rc, want 2 ($err)"
case "$err" in *"not a regular file"*) ;; *) fail "FIFO as --csv: '$err'";; esac
err=$(timeout 5 "$bin" --runs 1 --csv /dev/null 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] || fail "/dev/null as --csv: exit $rc, want 2"

# A row that does not fit (here: RLIMIT_FSIZE, as a full disk would) is cut
# back off: the file keeps whole rows only, the run exits 1 and says why.
"$bin" --workload grad --runs 1 --csv "$tmp/full.csv" >/dev/null || fail "full.csv first run"
size=$(stat -c %s "$tmp/full.csv")
# ulimit -f counts 512-byte blocks here: room for part of one more row only
err=$(bash -c 'trap "" XFSZ; ulimit -f "$1"; exec "$2" --workload grad --runs 50 --csv "$3"' _ \
  "$(( (size + 600) / 512 ))" "$bin" "$tmp/full.csv" 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 1 ] || fail "row past the file size limit: exit $rc, want 1 ($err)"
case "$err" in *"File too large"*) ;; *) fail "write error without strerror: '$err'";; esac
[ "$(tail -c1 "$tmp/full.csv" | od -An -c | tr -d ' ')" = '\n' ] || fail "full.csv ends in a partial row"
awk -F, 'NR == 1 { n = NF } NF != n { bad = 1 } END { exit bad }' "$tmp/full.csv" ||
  fail "full.csv has a row with another field count"

# An unwritable CSV path: exit 2, one line naming --csv.
err=$("$bin" --csv /nonexistent-dir/x.csv 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] || fail "unwritable csv: exit $rc"
case "$err" in *--csv*) ;; *) fail "unwritable csv: '$err'";; esac

# --help: usage on stdout, exit 0.
"$bin" --help | grep -q -- '--workload' || fail "--help"

# The page's line formats, at width 1 and 2.
for w in 1 2; do
  out=$("$bin" --width "$w" --runs 4 --size 64 --csv "$tmp/s.csv" --tag copy=warm --tag 'note=a,"b"') \
    || fail "width $w run failed"
  printf '%s\n' "$out" | grep -Eq "^width $w: grad n=1000  prepare [0-9]+\.[0-9]{3} ms \| run\+readback first [0-9]+\.[0-9]{3} \| min [0-9]+\.[0-9]{3} median [0-9]+\.[0-9]{3} max [0-9]+\.[0-9]{3} ms$" \
    || fail "grad line at width $w: $out"
  printf '%s\n' "$out" | grep -Eq "^width $w: svdvals 64x64 +\| first +[0-9]+\.[0-9]{3} \| min +[0-9]+\.[0-9]{3} median +[0-9]+\.[0-9]{3} max +[0-9]+\.[0-9]{3} ms$" \
    || fail "svdvals line at width $w: $out"
  printf '%s\n' "$out" | grep -q '^# .*OpenBLAS' || fail "no OpenBLAS banner"
done

# CSV: header once, documented columns, 1 prepare + 1 first + 4 steady (grad)
# and 1 first + 4 steady (svdvals) per width: 11 rows x 2 widths = 22; and
# grad's 4 "no wait" rows at width 2 only = 26.
hdr='timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,migrations,width_requested,copy,note'
[ "$(head -n1 "$tmp/s.csv")" = "$hdr" ] || fail "header: $(head -n1 "$tmp/s.csv")"
[ "$(grep -c '^timestamp,' "$tmp/s.csv")" -eq 1 ] || fail "header written more than once"
[ "$(tail -n +2 "$tmp/s.csv" | wc -l)" -eq 26 ] || fail "want 26 rows, got $(tail -n +2 "$tmp/s.csv" | wc -l)"
[ "$(grep -c ',grad,n=1000,2,block,steady_nowait,' "$tmp/s.csv")" -eq 4 ] || fail "no-wait rows at width 2"
[ "$(grep -c ',steady_nowait,' "$tmp/s.csv")" -eq 4 ] || fail "no-wait rows at width 1"
[ "$(grep -c ',prepare,0,' "$tmp/s.csv")" -eq 2 ] || fail "prepare rows"
[ "$(grep -c ',svdvals,size=64,2,block,steady,' "$tmp/s.csv")" -eq 4 ] || fail "svdvals steady rows at width 2"
grep -q ',warm,"a,""b"""$' "$tmp/s.csv" || fail "tag quoting"
# Checksums: one per workload and width, identical over steady runs of one setting.
n=$(grep ',grad,n=1000,1,block,steady,' "$tmp/s.csv" | cut -d, -f17 | sort -u | wc -l)
[ "$n" -eq 1 ] || fail "grad checksums differ across steady runs: $n"
# Another header layout: refused, file untouched.
cp "$tmp/s.csv" "$tmp/before.csv"
"$bin" --runs 1 --csv "$tmp/s.csv" >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "appending with other tags: exit $rc"
cmp -s "$tmp/s.csv" "$tmp/before.csv" || fail "refused append changed the file"

# --budget: a tiny budget cuts the series; the last row says truncated=1 and
# the line says how many runs were taken.
out=$("$bin" --workload svdvals --size 128 --runs 1000 --budget 0.05 --csv "$tmp/b.csv") || fail "budget run"
printf '%s\n' "$out" | grep -Eq '\[budget: [0-9]+ of 1000 runs\]$' || fail "budget line: $out"
[ "$(tail -n1 "$tmp/b.csv" | cut -d, -f18)" = 1 ] || fail "last row not truncated=1"
[ "$(awk -F, 'NR > 1 && $18 == 1' "$tmp/b.csv" | wc -l)" -eq 1 ] || fail "exactly one truncated row"

# Placement: every first/steady row names a CPU and the CPU set of the call;
# pinned to one CPU, that CPU only. COLDLOAD_NO_PLACEMENT=1 (the benchmark's
# other side) leaves the three fields empty and says so in the banner.
cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)
taskset -c "$cpu" "$bin" --workload grad --width 2 --runs 3 --csv "$tmp/p.csv" >/dev/null || fail "pinned run"
bad=$(awk -F, -v c="$cpu" 'NR > 1 && $8 != "prepare" && !($19 == c && $20 == c && $21 ~ /^[0-9]*$/)' "$tmp/p.csv")
[ -z "$bad" ] || fail "rows of a run pinned to CPU $cpu: $bad"
out=$(COLDLOAD_NO_PLACEMENT=1 "$bin" --workload grad --runs 2 --csv "$tmp/q.csv") || fail "placement-off run"
printf '%s\n' "$out" | grep -q '^# placement off' || fail "no placement-off banner: $out"
[ "$(awk -F, 'NR > 1 && $19 $20 $21 != ""' "$tmp/q.csv" | wc -l)" -eq 0 ] || fail "placement off but fields filled"

# --width auto against the snapshots of tests/fixtures/sysroot (COLDLOAD_SYSROOT):
# idle 4 CPUs -> 4 (auto:2 -> 2), two of four busy -> 2, all busy -> 1, a
# cpu.max of 1 CPU -> 1; the line shows requested and chosen, the rows carry
# width_requested and the chosen width, and the banner the cap.
fx=tests/fixtures/sysroot
# grad at n=32768 can use 4 threads (one per 8192 elements, program.h), so
# only the machine limits it here.
auto_tail='  \[auto: [0-9]+ decisions? for [0-9]+ calls, [0-9]+\.[0-9]{3} ms a decision\]$'
for c in idle:auto:4 idle:auto:2:2 half:auto:2 full:auto:1 quota1:auto:1 full:auto:3:1; do
  snap=${c%%:*} rest=${c#*:}; want=${rest##*:} req=${rest%:*}
  out=$(COLDLOAD_SYSROOT=$fx/$snap "$bin" --width "$req" --runs 2 --n 32768 --size 16 --csv "$tmp/a-$snap-${req/:/_}.csv") ||
    fail "auto run on $snap failed"
  printf '%s\n' "$out" | grep -Eq "^width $req→$want: grad n=32768  prepare .* ms$auto_tail" ||
    fail "$snap --width $req: want grad line 'width $req→$want: ...', got: $out"
  printf '%s\n' "$out" | grep -Eq "^width $req→$want: svdvals 16x16 " || fail "$snap --width $req: svdvals line: $out"
  printf '%s\n' "$out" | grep -q "^# p28_timing: width $req (cap [0-9]*), wait block" || fail "$snap: banner: $out"
  bad=$(awk -F, -v w="$want" -v r="$req" 'NR > 1 && !($6 == w && $22 == r)' "$tmp/a-$snap-${req/:/_}.csv")
  [ -z "$bad" ] || fail "$snap --width $req: rows without width $want / width_requested $req: $bad"
done
# The call's size limits auto: grad at n=1000 on the idle 4-CPU snapshot gets
# one thread (its operations are too short for two), svdvals the machine's 4;
# (that one decision per 100 ms serves the calls is test_autowidth's).
out=$(COLDLOAD_SYSROOT=$fx/idle "$bin" --width auto --runs 3 --size 16 --csv "$tmp/lim.csv") || fail "auto n=1000 run"
printf '%s\n' "$out" | grep -Eq "^width auto→1: grad n=1000  prepare .* ms$auto_tail" ||
  fail "idle auto grad n=1000: want width auto→1, got: $out"
printf '%s\n' "$out" | grep -Eq "^width auto→4: svdvals 16x16 .*$auto_tail" ||
  fail "idle auto svdvals: want auto→4, got: $out"
[ "$(awk -F, 'NR > 1 && $4 == "grad" && $8 != "prepare" && $6 != 1' "$tmp/lim.csv" | wc -l)" -eq 0 ] ||
  fail "grad n=1000 rows above width 1 under auto"
# A fixed width says so in width_requested; the checksum of auto->1 is width 1's.
awk -F, 'NR > 1 && $22 != $6' "$tmp/s.csv" | grep -q . && fail "fixed-width rows: width_requested differs from width"
sa=$(awk -F, '$4 == "svdvals" && $8 == "steady" { print $17; exit }' "$tmp/a-full-auto.csv")
"$bin" --workload svdvals --width 1 --runs 2 --size 16 --csv "$tmp/w1.csv" >/dev/null || fail "width 1 run"
s1=$(awk -F, '$4 == "svdvals" && $8 == "steady" { print $17; exit }' "$tmp/w1.csv")
if [ -z "$s1" ] || [ "$s1" != "$sa" ]; then fail "auto->1 svdvals checksum $sa, width 1 gives $s1"; fi
# The real machine: never above the CPUs available, never below 1.
ncpu=$(nproc)
"$bin" --workload grad --width auto --runs 3 --csv "$tmp/real.csv" >/dev/null || fail "auto on this machine"
bad=$(awk -F, -v n="$ncpu" 'NR > 1 && !($6 >= 1 && $6 <= n && $22 == "auto")' "$tmp/real.csv")
[ -z "$bad" ] || fail "auto on this machine chose outside 1..$ncpu: $bad"

if [ "$fails" -gt 0 ]; then echo "cli.sh: $fails failure(s)" >&2; exit 1; fi
echo "cli.sh: all passed"
