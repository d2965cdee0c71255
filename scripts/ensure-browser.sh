#!/usr/bin/env bash
# Installs Debian's Chromium, a CJK font and nginx (the topology test) for the end-to-end tests when missing
# (no browser downloads from npm here: STACK.md). Needs root, as on this project's machines.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ] && fc-list 2>/dev/null | grep -qi "WenQuanYi Zen Hei" && [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium, the CJK font or nginx is missing: run 'apt-get install -y chromium fonts-wqy-zenhei nginx' as root." >&2
  exit 1
fi
echo "[setup] installing chromium, fonts-wqy-zenhei and nginx from Debian"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-zenhei nginx >/dev/null
