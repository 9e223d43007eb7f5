#!/usr/bin/env bash
# tests/docker/base-image.sh [--help] -- make sure the Dockerfile's base image
# (debian:bookworm-slim) exists in the local docker daemon.
#
# Why: machines without registry access cannot `docker pull`, so `make docker`
# would fail on the FROM line. When the image is absent and cannot be pulled,
# build an equivalent one locally: `debootstrap --variant=minbase bookworm`
# into a temp dir, then `docker import` it (~30 s). Idempotent: does nothing
# when the image is already there.
#
# Environment: BASE_IMAGE (default debian:bookworm-slim), DEBIAN_MIRROR
# (default http://deb.debian.org/debian).
set -euo pipefail

BASE_IMAGE=${BASE_IMAGE:-debian:bookworm-slim}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm

bi_die() { echo "base-image: $*" >&2; exit 1; }

case "${1:-}" in
  -h|--help)
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
    exit 0 ;;
  "") ;;
  *) echo "base-image: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

command -v docker >/dev/null 2>&1 || bi_die "docker is not installed"
docker info >/dev/null 2>&1 || bi_die "no docker daemon answers (start dockerd first)"

if docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  echo "base-image: $BASE_IMAGE present"
  exit 0
fi

# A registry may be reachable after all: the real image is the better base.
if timeout 120 docker pull -q "$BASE_IMAGE" >/dev/null 2>&1; then
  echo "base-image: pulled $BASE_IMAGE"
  exit 0
fi

echo "base-image: $BASE_IMAGE absent and not pullable; building it with debootstrap" >&2
command -v debootstrap >/dev/null 2>&1 || bash "$(dirname "$0")/../deps.sh" base-image
[ "$(id -u)" -eq 0 ] || bi_die "debootstrap needs root"

root=$(mktemp -d /tmp/coldload-rootfs.XXXXXX)
# The rootfs is root-owned and large: remove it whatever happens.
trap 'rm -rf "$root"' EXIT

log=$root.log
if ! debootstrap --variant=minbase "$SUITE" "$root" "$DEBIAN_MIRROR" >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  rm -f "$log"
  bi_die "debootstrap $SUITE from $DEBIAN_MIRROR failed"
fi
rm -f "$log"

# Same apt sources as the official image (updates and security too), so a
# package installed later gets the same version as on a pulled base.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $DEBIAN_MIRROR
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${DEBIAN_MIRROR%/debian}/debian-security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
# Slim like the official image: later installs skip docs, man pages and
# translations; no downloaded .debs, no package lists. Every path below is
# under "$root", checked non-empty first: a mistake here must not touch the host.
[ -d "${root:?}/etc/dpkg/dpkg.cfg.d" ] || bi_die "rootfs $root looks wrong"
printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
  'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' \
  'path-exclude /usr/share/locale/*' >"$root/etc/dpkg/dpkg.cfg.d/docker-slim"
rm -rf "${root:?}"/var/cache/apt/archives/*.deb "${root:?}"/var/lib/apt/lists/* "${root:?}"/var/log/*.log

tar -C "$root" --numeric-owner -c . |
  docker import \
    --change 'CMD ["bash"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --message "debootstrap --variant=minbase $SUITE $DEBIAN_MIRROR" \
    - "$BASE_IMAGE" >/dev/null
echo "base-image: built $BASE_IMAGE locally ($(docker image inspect -f '{{.Size}}' "$BASE_IMAGE") bytes)"
