#!/usr/bin/env bash
# Checks the Dockerfile's runtime stage where no Docker engine runs: builds transcripts as the build stage does
# (release, --static-swift-stdlib), makes a minimal Debian 12 root with debootstrap, installs in it only the
# packages the Dockerfile's runtime stage names, and builds the demo site in it as the image's user, as
# `docker run -v Site:/site transcripts` would; the site must equal one built here, byte for byte.
# Needs root (debootstrap, chroot) and Debian's mirror.
#
#   scripts/container-check.sh [ROOT]     ROOT: where the Debian root goes (default: a new temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
root="${1:-$(mktemp -d -t transcripts-rootfs-XXXXXX)}"
scripts/setup.sh
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null
# The packages of the runtime stage, read from the Dockerfile itself.
packages=$(sed -n '/^FROM \${RUNTIME_IMAGE}/,$p' Dockerfile | grep -o 'no-install-recommends [^\\]*' | head -1 | cut -d' ' -f2-)
echo "== The runtime stage's packages: $packages"
echo "== Build transcripts as the image does"
swift build -c release --product transcripts --static-swift-stdlib --scratch-path .build-static
binary=.build-static/release/transcripts
[ -f "$root/etc/debian_version" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
cp /etc/resolv.conf "$root/etc/resolv.conf"
chroot "$root" bash -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $packages >/dev/null
    id transcripts >/dev/null 2>&1 || useradd --create-home --uid 1000 transcripts"
install "$binary" "$root/usr/local/bin/transcripts"
install -D -m 644 -t "$root/usr/local/share/doc/transcripts" LICENSE THIRD_PARTY_NOTICES
rm -rf "$root/site" && cp -r Site "$root/site" && rm -rf "$root/site/public" "$root/site/.transcripts-cache"
chown -R 1000:1000 "$root/site"
echo "== transcripts build /site in the runtime root"
# A container has /proc (the Swift runtime reads it); the chroot gets the machine's for the build.
mount --bind /proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
chroot --userspec=1000:1000 "$root" bash -c 'cd /site && HOME=/home/transcripts transcripts build /site'
here=$(mktemp -d)
"$binary" build Site --output "$here/public" --quiet
diff -r "$here/public" "$root/site/public"
chroot --userspec=1000:1000 "$root" transcripts licenses | grep -qx /usr/local/share/doc/transcripts/THIRD_PARTY_NOTICES \
    || { echo "container-check: transcripts licenses does not name the image's THIRD_PARTY_NOTICES" >&2; exit 1; }
rm -rf "$here"
echo "container-check: the runtime stage builds the demo site, equal to a build here ($root)"
