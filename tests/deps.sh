#!/usr/bin/env bash
# tests/deps.sh [--list] JOB... -- install the Debian packages that the jobs
# JOB... need (mk/deps.txt: one line per package and the jobs that need it)
# and that are missing (apt-get, non-interactive; through sudo when not
# root). Says what it installs; does nothing, silently, when all are
# present. --list prints the jobs' packages, one a line, and installs nothing.
# An unknown job: exit 2.
set -euo pipefail
list=0
if [ "${1:-}" = --list ]; then list=1; shift; fi
[ $# -gt 0 ] || { echo "usage: tests/deps.sh [--list] JOB..." >&2; exit 2; }
deps=$(dirname "$0")/../mk/deps.txt

# The jobs' packages, in the file's order, each once.
pkgs=()
for job in "$@"; do
  grep -v '^#' "$deps" | awk -v j="$job" '{ for (i = 2; i <= NF; i++) if ($i == j) f = 1 } END { exit !f }' ||
    { echo "coldload: no job '$job' in mk/deps.txt" >&2; exit 2; }
done
while read -r p jobs; do
  case "$p" in '' | '#'*) continue ;; esac
  for job in "$@"; do
    case " $jobs " in *" $job "*) pkgs+=("$p"); break ;; esac
  done
done <"$deps"
if [ "$list" -eq 1 ]; then printf '%s\n' "${pkgs[@]}"; exit 0; fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "coldload: missing packages (${missing[*]}) and no apt-get: install them by hand" >&2
  exit 2
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "coldload: need root or sudo to install: ${missing[*]}" >&2; exit 2; }
  sudo=(sudo)
fi
echo "coldload: installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
