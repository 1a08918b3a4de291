#!/bin/sh
# Installs one yt-dlp release into an image at build time, checksum-verified, as the PATH
# fallback of the product's lookup (YTDLP_PATH > DATA_DIR/tools/yt-dlp, kept current by the
# worker > yt-dlp on PATH). Usage: install-yt-dlp.sh [destination] (default /usr/local/bin/yt-dlp)
#
#   YTDLP_VERSION      a release tag (2026.09.14) or `latest` (the default)
#   YTDLP_SHA256       the build's SHA-256: checked instead of the release's SHA2-256SUMS (a pin)
#   YTDLP_RELEASE_URL  another download base (a mirror, the nightly channel)
#   TARGETARCH         set by BuildKit; amd64 and arm64 get the standalone build (it bundles
#                      Python and curl_cffi), anything else the zipapp `yt-dlp` (runs on python3)
# Checked by docker/test against a local release server (good, tampered and pinned builds).
set -eu

dest="${1:-/usr/local/bin/yt-dlp}"
version="${YTDLP_VERSION:-latest}"
case "$version" in
  latest) base="https://github.com/yt-dlp/yt-dlp/releases/latest/download" ;;
  *) base="https://github.com/yt-dlp/yt-dlp/releases/download/${version}" ;;
esac
base="${YTDLP_RELEASE_URL:-$base}"
base="${base%/}"

arch="${TARGETARCH:-$(uname -m)}"
case "$arch" in
  amd64 | x86_64) asset=yt-dlp_linux ;;
  arm64 | aarch64) asset=yt-dlp_linux_aarch64 ;;
  *) asset=yt-dlp ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

curl -fsSL --retry 3 -o "$work/$asset" "$base/$asset"

if [ -n "${YTDLP_SHA256:-}" ]; then
  expected="$YTDLP_SHA256"
else
  curl -fsSL --retry 3 -o "$work/SHA2-256SUMS" "$base/SHA2-256SUMS"
  # `<sha256>  <name>` lines; a `*` before the name marks binary mode.
  expected="$(awk -v name="$asset" '$2 == name || $2 == "*" name { print $1 }' "$work/SHA2-256SUMS")"
fi
if ! printf '%s' "$expected" | grep -Eq '^[0-9a-fA-F]{64}$'; then
  echo "install-yt-dlp: no single SHA-256 for ${asset} (from ${YTDLP_SHA256:+YTDLP_SHA256}${YTDLP_SHA256:-${base}/SHA2-256SUMS})" >&2
  exit 1
fi
actual="$(sha256sum "$work/$asset" | cut -d' ' -f1)"
if [ "$actual" != "$(printf '%s' "$expected" | tr 'A-F' 'a-f')" ]; then
  echo "install-yt-dlp: ${asset} has SHA-256 ${actual}, expected ${expected}: refused" >&2
  exit 1
fi

chmod 0755 "$work/$asset"
# A build that does not run is refused too (the product's updater does the same).
printed="$("$work/$asset" --ignore-config --version)"
mkdir -p "$(dirname "$dest")"
mv "$work/$asset" "$dest"
echo "install-yt-dlp: ${asset} ${printed} -> ${dest}"
