#!/usr/bin/env bash
# tests/unit/cli_trg.sh [BINARY] -- ising_trg's command line: every rejected
# option value exits 2 with one line naming the option, prints nothing on
# stdout and writes no CSV; a small run prints the page-format lines and
# p28_timing's CSV rows (workload trg, params beta=..;chi=..;steps=..).
# Exits non-zero on the first failure.
set -euo pipefail

bin=${1:-build/ising_trg}
[ -x "$bin" ] || { echo "cli_trg: $bin not built (run make)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# rejected OPTION_NAME ARGS... : exit 2, one stderr line naming OPTION_NAME,
# empty stdout, and the --csv file named below never created.
rejected() {
  local name=$1 rc=0
  shift
  rm -f "$tmp/never.csv" # one failure must not cascade into the next checks
  "$bin" --csv "$tmp/never.csv" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -ne 2 ]; then fail "$* exited $rc, want 2"; return; fi
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: want one stderr line, got: $(cat "$tmp/err")"
  grep -q -- "$name" "$tmp/err" || fail "$*: message does not name $name: $(cat "$tmp/err")"
  [ ! -s "$tmp/out" ] || fail "$*: wrote to stdout"
  [ ! -e "$tmp/never.csv" ] || fail "$*: created the CSV"
}

for b in 0 -0.3 abc '' '0.3,,0.4' '0.3,' ',0.3' '0.3;0.4' 100.5 nan inf ' 0.3' '0.3 ' 1e999; do
  rejected --beta --beta "$b"
done
rejected --beta --beta="$(printf '0.1,%.0s' {1..64})0.1"   # 65 values
for v in 1 65 x '' 2.5 -16; do rejected --chi --chi "$v"; done
for v in 0 41 2.5 x; do rejected --steps --steps "$v"; done
for v in 0 -1 x; do rejected --runs --runs "$v"; done
for v in 0 257 abc; do rejected --width --width "$v"; done
rejected --wait --wait fast
for v in -1 x; do rejected --budget --budget "$v"; done
for v in bad 1x=2 width=3 =v; do rejected --tag --tag "$v"; done
rejected --tag --tag k=1 --tag k=2
rejected --beta --chi 4 --beta
rejected --frobnicate --frobnicate
rc=0
"$bin" --csv "$tmp/no/such/dir/x.csv" --steps 1 >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 2 ] || fail "unwritable --csv exited $rc, want 2"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "unwritable --csv: want one stderr line"

# --help: usage on stdout, exit 0, every own option listed.
"$bin" --help >"$tmp/help" || fail "--help exited non-zero"
for o in --beta --chi --steps --value-only --svd-time --width --wait --runs --csv --tag --budget; do
  grep -q -- "$o" "$tmp/help" || fail "--help does not mention $o"
done

# A small run: the page-format line per beta, and 1 first + 2 steady rows each.
num='[0-9]+\.[0-9]+'
"$bin" --beta 0.3,0.55 --chi 4 --steps 6 --runs 2 --svd-time --csv "$tmp/a.csv" \
  --tag run=cli >"$tmp/out" || fail "small run exited non-zero"
grep -v '^#' "$tmp/out" >"$tmp/lines"
[ "$(wc -l <"$tmp/lines")" -eq 2 ] || fail "want 2 result lines, got: $(cat "$tmp/out")"
for b in 0.3000 0.5500; do
  grep -Eq "^beta=$b lnZ/N=$num dlnZ/dbeta=$num exact=$num $num \| first $num \| value_and_grad $num ms \| dgesdd $num ms$" \
    "$tmp/lines" || fail "no page-format line for beta=$b in: $(cat "$tmp/lines")"
done
head -n1 "$tmp/a.csv" | grep -q ',truncated,cpu,cpus,migrations,width_requested,run$' || fail "CSV header lacks the tag column"
[ "$(wc -l <"$tmp/a.csv")" -eq 7 ] || fail "want header + 6 rows, got $(wc -l <"$tmp/a.csv") lines"
awk -F, 'NR > 1 && !($4 == "trg" && $6 == 1 && $7 == "block" && $18 == 0 && $22 == 1 && $23 == "cli") {
           print "bad row: " $0; bad = 1 } END { exit bad }' "$tmp/a.csv" || fail "CSV rows"
for p in 'beta=0.3;chi=4;steps=6' 'beta=0.55;chi=4;steps=6'; do
  phases=$(awk -F, -v p="$p" '$5 == p { printf "%s%s ", $8, $9 }' "$tmp/a.csv")
  [ "$phases" = "first0 steady1 steady2 " ] || fail "params $p: phases '$phases'"
  sums=$(awk -F, -v p="$p" '$5 == p { print $17 }' "$tmp/a.csv" | sort -u)
  if ! [[ $sums =~ ^[0-9a-f]{16}$ ]]; then
    fail "params $p: checksums not one 16-hex value: $sums"
  fi
done

# A rejected second invocation leaves the existing rows alone.
cp "$tmp/a.csv" "$tmp/a.before"
rc=0
"$bin" --csv "$tmp/a.csv" --chi 99 >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || fail "--chi 99 on an existing CSV exited $rc, want 2"
cmp -s "$tmp/a.csv" "$tmp/a.before" || fail "a rejected run touched the CSV"

# --value-only: no derivative on the line, value_only=1 in params, and the
# same ln Z/N as value_and_grad (the value path ignores the tangents).
"$bin" --beta 0.3 --chi 4 --steps 6 --runs 1 --value-only --csv "$tmp/v.csv" >"$tmp/vout" ||
  fail "--value-only run exited non-zero"
grep -Eq "^beta=0\.3000 lnZ/N=$num exact=$num \| first $num \| value $num ms$" "$tmp/vout" ||
  fail "--value-only line: $(cat "$tmp/vout")"
grep -q ',beta=0.3;chi=4;steps=6;value_only=1,' "$tmp/v.csv" || fail "--value-only params"
v1=$(grep -o 'lnZ/N=[0-9.]*' "$tmp/vout")
v2=$(grep '^beta=0.3000' "$tmp/lines" | grep -o 'lnZ/N=[0-9.]*')
[ "$v1" = "$v2" ] || fail "--value-only $v1 differs from value_and_grad $v2"

# The budget truncates a series and says so.
"$bin" --beta 0.3 --chi 4 --steps 6 --runs 1000 --budget 0.000001 >"$tmp/bout" ||
  fail "--budget run exited non-zero"
grep -q '\[budget: 1 of 1000 runs\]$' "$tmp/bout" || fail "--budget line: $(cat "$tmp/bout")"

# The budget bounds the whole invocation: once the first beta has spent it,
# the next is skipped (no rows) and its line says so.
"$bin" --beta 0.3,0.4 --chi 4 --steps 6 --runs 5 --budget 0.000001 --csv "$tmp/skip.csv" >"$tmp/sout" ||
  fail "--budget over two betas exited non-zero"
grep -q '^beta=0.4000 skipped: the --budget of 1e-06 s is spent$' "$tmp/sout" ||
  fail "skipped beta line: $(cat "$tmp/sout")"
grep -q 'beta=0.4;' "$tmp/skip.csv" && fail "a skipped beta wrote rows"
[ "$(grep -c 'beta=0.3;' "$tmp/skip.csv")" -eq 2 ] || fail "beta 0.3: want a first and one steady row"

# --width auto on the snapshots of tests/fixtures/sysroot: all four CPUs busy
# -> 1, idle -> auto:2's cap; the line names requested and chosen width, the
# rows carry both, and auto->1 gives width 1's bits.
fx=tests/fixtures/sysroot
for c in full:auto:1 idle:auto:2:2; do
  snap=${c%%:*} rest=${c#*:}; want=${rest##*:} req=${rest%:*}
  COLDLOAD_SYSROOT=$fx/$snap "$bin" --beta 0.3 --chi 4 --steps 6 --runs 2 --width "$req" \
    --csv "$tmp/auto-$snap.csv" >"$tmp/aout" || fail "auto run on $snap"
  grep -Eq "^beta=0.3000 .* \| value_and_grad $num ms \| width $req→$want  \[auto: [0-9]+ decisions? for [0-9]+ calls, $num ms a decision\]$" "$tmp/aout" ||
    fail "$snap --width $req: line: $(cat "$tmp/aout")"
  bad=$(awk -F, -v w="$want" -v r="$req" 'NR > 1 && !($6 == w && $22 == r)' "$tmp/auto-$snap.csv")
  [ -z "$bad" ] || fail "$snap --width $req rows: $bad"
done
"$bin" --beta 0.3 --chi 4 --steps 6 --runs 2 --width 1 --csv "$tmp/w1.csv" >/dev/null || fail "width 1 run"
[ "$(awk -F, 'NR == 3 { print $17 }' "$tmp/w1.csv")" = "$(awk -F, 'NR == 3 { print $17 }' "$tmp/auto-full.csv")" ] ||
  fail "auto->1 checksum differs from width 1's"

if [ "$fails" -ne 0 ]; then
  echo "cli_trg: $fails failure(s)" >&2
  exit 1
fi
echo "cli_trg: all passed"
