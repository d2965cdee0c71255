#!/usr/bin/env bash
# Installs Debian's Chromium (the browser the benches run, and the old headless shell the end-to-end
# tests run: docs/decisions/196), a CJK font and nginx (the topology test) when missing (no browser
# downloads from npm here: STACK.md). Needs root, as on this project's machines.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x "${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] && fc-list 2>/dev/null | grep -qi "WenQuanYi Zen Hei" && [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium, the CJK font or nginx is missing: run 'apt-get install -y chromium chromium-headless-shell fonts-wqy-zenhei nginx' as root." >&2
  exit 1
fi
echo "[setup] installing chromium, chromium-headless-shell, fonts-wqy-zenhei and nginx from Debian"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-wqy-zenhei nginx >/dev/null
