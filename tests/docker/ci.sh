#!/usr/bin/env bash
# tests/docker/ci.sh [--help] -- the docker part of CI, called by
# .ci/run and `make docker-test`.
#
# Installs docker.io when absent, starts a dockerd when none answers (and
# stops that one, by PID, on every exit), makes the debian:bookworm-slim base
# (tests/docker/base-image.sh), builds the image (`make docker`), checks the
# image (non-root, labels, no toolchain, --help, usage errors, an unwritable
# /out), runs every command README documents for the image -- `cold
# --binary` and `threads --binary` on a program mounted from the host, `ab
# --a --b` on two mounted programs, a QUICK report -- as a non-root uid (the
# caller's, or 1000 when the caller is root), each to its answer, and
# loaded.sh as the image's user, into temp directories,
# then checks that both have loaded rows of both kinds of load, the report
# files (report.html, summary.csv, verdicts.txt, PNG charts, owned by that
# uid) and that no container and no stress-ng of that container is left running. Exit 0 all passed, 1 a
# check failed, 2 usage.
#
# Environment: DOCKER_IMAGE (default coldload), CI_REPORT_TIMEOUT seconds
# for the quick report (default 1200), CI_REPORT_ARGS extra report options.
set -euo pipefail

IMAGE=${DOCKER_IMAGE:-coldload}
REPORT_TIMEOUT=${CI_REPORT_TIMEOUT:-1200}
read -r -a EXTRA_ARGS <<<"${CI_REPORT_ARGS:-}"

case "${1:-}" in
  -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
  "") ;;
  *) echo "docker-ci: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac
[[ "$REPORT_TIMEOUT" =~ ^[1-9][0-9]*$ ]] || { echo "docker-ci: CI_REPORT_TIMEOUT must be a positive integer, got '$REPORT_TIMEOUT'" >&2; exit 2; }

cd "$(dirname "$0")/../.."
T0=$SECONDS
ci_log() { printf 'docker-ci [%4ds] %s\n' "$((SECONDS - T0))" "$*"; }
ci_fail() { printf 'docker-ci [%4ds] FAIL: %s\n' "$((SECONDS - T0))" "$*" >&2; exit 1; }
# Every run of a runs.csv was timed: its status (column 8) is ok, or slow or
# cut -- a run stopped at its bound, an outcome the job reports as "at least"
# (a 2-thread OpenMP run under pinned load can be stopped so) -- and at least
# one is ok. Otherwise the rows that were not, with the header, to stderr (the
# work directory is removed on exit) and exit 1.
ci_runs_timed() {
  awk -F, 'NR > 1 && $8 == "ok" { ok = 1 } NR > 1 && $8 !~ /^(ok|slow|cut)$/ { bad = 1 }
           END { exit !(ok && !bad) }' "$1" && return 0
  awk -F, 'NR == 1 || $8 != "ok"' "$1" | head -n 20 >&2
  return 1
}

work=$(mktemp -d /tmp/coldload-docker-ci.XXXXXX)
dockerd_pid=''            # set only when this script started the daemon
container="coldload-ci-$$"

# Every exit path: the container (if any), our dockerd (by PID), the temp dir.
ci_cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if docker inspect "$container" >/dev/null 2>&1; then
    ci_log "removing leftover container $container"
    docker rm -f "$container" >/dev/null 2>&1 || true
  fi
  if [ -n "$dockerd_pid" ] && kill -0 "$dockerd_pid" 2>/dev/null; then
    ci_log "stopping the dockerd this script started (pid $dockerd_pid)"
    kill -TERM "$dockerd_pid" 2>/dev/null || true
    for _ in $(seq 60); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$dockerd_pid" 2>/dev/null && kill -KILL "$dockerd_pid" 2>/dev/null
  fi
  rm -rf "$work"
  exit "$rc"
}
trap ci_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- docker itself --------------------------------------------------------------
if ! command -v docker >/dev/null 2>&1 || { ! docker info >/dev/null 2>&1 && ! command -v dockerd >/dev/null 2>&1; }; then
  ci_log "installing docker.io"
  bash tests/deps.sh docker
fi
if ! docker info >/dev/null 2>&1; then
  [ "$(id -u)" -eq 0 ] || ci_fail "no docker daemon answers and starting one needs root"
  if [ -S /var/run/docker.sock ] && pgrep -x dockerd >/dev/null; then
    ci_fail "a dockerd runs but does not answer: $(docker info 2>&1 | tail -n 1)"
  fi
  ci_log "starting dockerd (log $work/dockerd.log)"
  dockerd >"$work/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 120); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$dockerd_pid" 2>/dev/null || { tail -n 20 "$work/dockerd.log" >&2; ci_fail "dockerd exited at start"; }
    sleep 0.5
  done
  docker info >/dev/null 2>&1 || { tail -n 20 "$work/dockerd.log" >&2; ci_fail "dockerd did not answer within 60 s"; }
fi
ci_log "docker daemon $(docker version -f '{{.Server.Version}}' 2>/dev/null) answers"

# --- the image ------------------------------------------------------------------
bash tests/docker/base-image.sh
ci_log "building the image (make docker)"
make --no-print-directory docker DOCKER_IMAGE="$IMAGE" || ci_fail "make docker failed"
ci_log "image $IMAGE built: $(docker image inspect -f '{{.Size}}' "$IMAGE") bytes"

user=$(docker image inspect -f '{{.Config.User}}' "$IMAGE")
case "$user" in ""|root|0|0:*) ci_fail "the image runs as root by default (User='$user')" ;; esac
for l in title revision created version; do
  v=$(docker image inspect -f "{{index .Config.Labels \"org.opencontainers.image.$l\"}}" "$IMAGE")
  [ -n "$v" ] || ci_fail "OCI label org.opencontainers.image.$l missing"
done
docker run --rm "$IMAGE" sh -c '! command -v gcc && ! command -v cc' >/dev/null ||
  ci_fail "the runtime image holds a compiler"
for b in p28_timing coldload-evict; do
  docker run --rm "$IMAGE" test -x "build/$b" || ci_fail "build/$b missing from the image"
done
help=$(docker run --rm "$IMAGE" --help) || ci_fail "--help exited non-zero"
grep -q '^usage: docker run' <<<"$help" || ci_fail "--help prints no usage"
rc=0; docker run --rm "$IMAGE" --no-such-option >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || ci_fail "an unknown option exited $rc, not 2"
# /out that the container's user cannot write: a one-line error, exit 2.
mkdir -p "$work/locked" && chmod 0555 "$work/locked"
rc=0; err=$(docker run --rm --user 10001:10001 -v "$work/locked:/out" "$IMAGE" --quick 2>&1 >/dev/null) || rc=$?
if [ "$rc" -ne 2 ] || ! grep -q -- '--user' <<<"$err"; then
  ci_fail "an unwritable /out gave exit $rc and '$err', not exit 2 naming --user"
fi
ci_log "image checks passed (user $user, labels, no compiler, --help, usage errors)"

# A CPU limit (--cpus 1) with widths 1 and 2: meta.txt records the limit and
# the harness warns for width 2 (the loaded-machine trap, made on purpose).
# As root the run uses uid 4242, which has no passwd entry (what --user
# gives); a non-root caller uses its own uid (it could not remove another's
# files afterwards).
run_uid=$(id -u):$(id -g)
lim=$work/limited
mkdir -p "$lim"
if [ "$(id -u)" -eq 0 ]; then run_uid=4242:4242; chown "$run_uid" "$lim"; fi
docker run --rm --cpus 1 --user "$run_uid" -v "$lim:/out" "$IMAGE" \
  harness/warm.sh --quick --out /out --widths "1 2" --runs 1 >"$work/limited.log" 2>&1 ||
  { tail -n 20 "$work/limited.log" >&2; ci_fail "harness/warm.sh --cpus 1 as uid $run_uid failed"; }
[ "$(stat -c %u:%g "$lim/samples.csv" 2>/dev/null)" = "$run_uid" ] ||
  ci_fail "harness/warm.sh as uid $run_uid wrote no samples.csv of its own"
grep -q '^cpu_limit=1\.00$' "$lim/meta.txt" ||
  ci_fail "meta.txt does not record the 1-CPU limit ($(grep '^cpu_limit=' "$lim/meta.txt"))"
# (On a 1-CPU machine the warning names the visible CPUs instead.)
grep -q '^warning=.*width 2 exceeds the \(cgroup CPU limit\|visible CPUs\)' "$lim/meta.txt" ||
  ci_fail "no warning that width 2 exceeds the 1-CPU limit in meta.txt"
ci_log "--cpus 1: limit recorded, width 2 warned; uid $run_uid writes /out"

# README's commands run as the caller's uid; as root (CI) that would be 0
# and hide what every other uid meets (an unwritable working directory, a
# harness not executable), so root runs them as 1000.
doc_uid=$(id -u):$(id -g)
[ "$(id -u)" -ne 0 ] || doc_uid=1000:1000
# doc_out NAME: a new directory for one of them, theirs to write
doc_out() {
  mkdir -p "$work/$1"
  if [ "$(id -u)" -eq 0 ]; then chown "$doc_uid" "$work/$1"; fi
}

# `cold --binary` on a program mounted from the host, as README shows it:
# its own report (the cold-start verdict, what the cold start read), written
# as the caller's uid.
cb=$work/cold-binary
doc_out cold-binary
docker run --rm --user "$doc_uid" -v "$cb:/out" -v "$(type -P true):/mnt/prog:ro" "$IMAGE" \
  cold --quick --binary /mnt/prog >"$work/cold-binary.log" 2>&1 ||
  { tail -n 20 "$work/cold-binary.log" >&2; ci_fail "cold --binary /mnt/prog as uid $doc_uid failed"; }
for f in report.html report.md verdicts.txt; do
  [ -s "$cb/$f" ] || ci_fail "cold --binary: $f missing or empty"
done
grep -q 'cold-start' "$cb/verdicts.txt" || ci_fail "cold --binary: no cold-start verdict in verdicts.txt"
grep -q '^cold_binary=/mnt/prog' "$cb/meta.txt" || ci_fail "cold --binary: meta.txt does not name /mnt/prog"
ci_log "cold --binary /mnt/prog: its own report and cold-start verdict"

# `threads --binary` on a program mounted from the host (a script: its
# interpreter is in the image), as the caller's uid: the threads job's report.
tb=$work/threads-binary
doc_out threads-binary
docker run --rm --user "$doc_uid" -v "$tb:/out" -v "$PWD/tests/harness/progs/by_width.sh:/mnt/prog:ro" \
  "$IMAGE" threads --quick --procs 2 --load pinned --widths "1 2" --width-env-only OMP_NUM_THREADS \
  --binary /mnt/prog -- '{width}' >"$work/threads-binary.log" 2>&1 ||
  { tail -n 20 "$work/threads-binary.log" >&2; ci_fail "threads --binary /mnt/prog as uid $doc_uid failed"; }
for f in report.html report.md verdicts.txt runs.csv; do
  [ -s "$tb/$f" ] || ci_fail "threads --binary: $f missing or empty"
done
grep -qx 'job=threads' "$tb/meta.txt" || ci_fail "threads --binary: meta.txt has no job=threads"
grep -qxF '## Do threads hurt prog under full load here?' "$tb/report.md" ||
  ci_fail "threads --binary: report.md does not ask the program's threads question"
ci_runs_timed "$tb/runs.csv" ||
  ci_fail "threads --binary: a run did not succeed"
grep -q '^threads_perf=' "$tb/meta.txt" || ci_fail "threads --binary: meta.txt does not say whether perf counted"
ci_log "threads --binary /mnt/prog: its own report; perf: $(sed -n 's/^threads_perf=//p' "$tb/meta.txt")"

# The OpenMP test program built on this (Debian) host with gcc -fopenmp,
# mounted as it is: its libgomp.so.1 must be in the image (it failed every
# run with "libgomp.so.1: cannot open shared object file" before).
if type -P gcc >/dev/null; then
  to=$work/threads-omp
  doc_out threads-omp
  gcc -O2 -fopenmp tests/harness/progs/omp_work.c -o "$work/omp_work" ||
    ci_fail "gcc -fopenmp could not build tests/harness/progs/omp_work.c"
  docker run --rm --user "$doc_uid" -v "$to:/out" -v "$work/omp_work:/mnt/prog:ro" \
    "$IMAGE" threads --quick --procs 2 --load pinned --binary /mnt/prog -- 5 >"$work/threads-omp.log" 2>&1 ||
    { tail -n 20 "$work/threads-omp.log" >&2; ci_fail "threads --binary: the host's OpenMP program failed in the image"; }
  ci_runs_timed "$to/runs.csv" ||
    ci_fail "threads --binary: a run of the host's OpenMP program did not succeed"
  ci_log "threads --binary: the host's OpenMP program (libgomp) runs mounted in the image"
fi

# `ab --a --b` on two programs mounted from the host, as README gives it:
# its answer in the report and results.json, every run of A, B and A again
# ok (both sides the host's `true`, its libraries the image's own).
abo=$work/ab
doc_out ab
docker run --rm --user "$doc_uid" -v "$abo:/out" -v "$(type -P true):/mnt/a:ro" -v "$(type -P true):/mnt/b:ro" \
  "$IMAGE" ab --quick --max-procs 8 --a "/mnt/a x" --b "/mnt/b y" >"$work/ab.log" 2>&1 ||
  { tail -n 20 "$work/ab.log" >&2; ci_fail "ab --a /mnt/a --b /mnt/b as uid $doc_uid failed"; }
for f in report.html report.md results.json hyperfine.json runs.csv; do
  [ -s "$abo/$f" ] || ci_fail "ab: $f missing or empty"
done
grep -qx 'job=ab' "$abo/meta.txt" || ci_fail "ab: meta.txt has no job=ab"
grep -qxF 'ab_a=/mnt/a x' "$abo/meta.txt" || ci_fail "ab: meta.txt does not record --a as given"
awk '/^## Is B faster than A\?/ { on = 1; next } on && /^\*\*/ { found = 1; exit } END { exit !found }' "$abo/report.md" ||
  ci_fail "ab: report.md answers no 'Is B faster than A?'"
grep -q '"id": *"ab"' "$abo/results.json" || ci_fail "ab: results.json holds no ab answer"
ci_runs_timed "$abo/runs.csv" ||
  ci_fail "ab: a run did not succeed"
ci_log "ab --a /mnt/a --b /mnt/b: $(grep '^coldload ab: ' "$work/ab.log" | tail -n 1 | cut -c1-120)"

# loaded_rows DIR WHO WANT: DIR/samples.csv holds loaded rows of the kinds of
# load WANT ("free pinned ", sorted) -- stress-ng started in the container as
# that user: its working directory, /opt/coldload, is not writable by it.
loaded_rows() {
  local kinds want=$3
  kinds=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                   $c["harness"] == "loaded" { print $c["load"] }' "$1/samples.csv" 2>/dev/null | sort -u | tr '\n' ' ')
  [ "$kinds" = "$want" ] || ci_fail "$2: loaded rows of kinds '$kinds', want '$want' (see $1/logs/stress-ng-*.err)"
}

# The image's own user (no --user), into a mount it can write.
img=$work/image-user
mkdir -p "$img"
chown 10001:10001 "$img" 2>/dev/null || chmod 0777 "$img"
docker run --rm -v "$img:/out" "$IMAGE" harness/loaded.sh --quick --load both --out /out --widths 1 --procs 1 --budget 0.5 \
  >"$work/image-user.log" 2>&1 || { tail -n 20 "$work/image-user.log" >&2; ci_fail "harness/loaded.sh as the image's user failed"; }
loaded_rows "$img" "the image's user ($user)" "free pinned "
ci_log "loaded rows of both kinds as the image's user ($user)"

# --- a quick report, as a non-root uid ---------------------------------------------
# README's command passes the caller's uid; as root (CI) that would be 0 and
# hide what every other uid meets, so root runs it as 1000.
out=$work/out
mkdir -p "$out"
report_uid=$(id -u):$(id -g)
if [ "$(id -u)" -eq 0 ]; then report_uid=1000:1000; chown "$report_uid" "$out"; fi
ci_log "quick report in the container as uid $report_uid (timeout ${REPORT_TIMEOUT}s)"
rc=0
timeout "$REPORT_TIMEOUT" docker run --rm --name "$container" --cidfile "$work/cid" \
  --hostname "$(hostname | cut -c1-50)-docker" --user "$report_uid" -v "$out:/out" "$IMAGE" --quick "${EXTRA_ARGS[@]}" || rc=$?
[ "$rc" -eq 0 ] || ci_fail "the quick report exited $rc (124: timed out after ${REPORT_TIMEOUT}s): $(grep '^missing_\(step\|why\)=' "$out/meta.txt" 2>/dev/null | paste -sd ';')"
# (a QUICK report loads pinned only)
loaded_rows "$out" "the quick report as uid $report_uid" "pinned "
ci_log "quick report done, loaded rows of pinned load"

for f in report.html summary.csv verdicts.txt; do
  [ -s "$out/$f" ] || ci_fail "out/$f missing or empty"
done
[ "$(wc -l <"$out/summary.csv")" -ge 2 ] || ci_fail "out/summary.csv has no data row"
pngs=("$out"/plots/*.png)
[ -e "${pngs[0]}" ] || ci_fail "no out/plots/*.png"
for p in "${pngs[@]}"; do
  [ "$(head -c 8 "$p" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || ci_fail "$p is not a PNG"
done
foreign=$(find "$out" ! -user "${report_uid%:*}" -print -quit)
[ -z "$foreign" ] || ci_fail "$foreign is not owned by the report's user (uid ${report_uid%:*})"
ci_log "out/ holds report.html, summary.csv, verdicts.txt and ${#pngs[@]} PNG(s), all owned by uid ${report_uid%:*}"

# --- nothing left running -----------------------------------------------------------
[ -z "$(docker ps -aq --filter "name=^/${container}\$")" ] || ci_fail "container $container still exists"
cid=$(cat "$work/cid")
[ -n "$cid" ] || ci_fail "docker wrote no container id"
for pid in $(pgrep stress-ng || true); do
  if grep -q "$cid" "/proc/$pid/cgroup" 2>/dev/null; then
    ci_fail "stress-ng pid $pid of the container is still running"
  fi
done
ci_log "no container and no stress-ng of it left running"
ci_log "PASS in $((SECONDS - T0)) s"
