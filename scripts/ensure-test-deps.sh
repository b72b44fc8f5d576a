#!/usr/bin/env bash
# First step of `npm test`: the system programs the tests need and npm cannot bring.
#   chromium      the browser tests drive Debian's Chromium (a browser download fails here)
#   redis-server  the multi-pod test joins two Socket.IO pods through a real Redis
# Present: nothing happens. Missing: installed from Debian when we can (root, or sudo
# without a password); otherwise one line naming the exact command, and a non-zero exit.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/nonexistent}" ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ "${#missing[@]}" -eq 0 ] && exit 0

install="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"
else
  echo "npm test needs ${missing[*]}: run  sudo sh -c '$install'  and then npm test again" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "npm test needs ${missing[*]} (Debian packages) and this machine has no apt-get: install them, or set CHROMIUM_PATH to a Chromium binary" >&2
  exit 1
fi

echo "npm test: installing ${missing[*]} from Debian (needed by the browser and multi-pod tests)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
