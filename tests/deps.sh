#!/usr/bin/env bash
# tests/deps.sh PKG... -- install the Debian packages of the list that are
# missing (apt-get, non-interactive; through sudo when not root). Says what
# it installs; does nothing, silently, when all are present.
set -euo pipefail
missing=()
for p in "$@"; do
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
