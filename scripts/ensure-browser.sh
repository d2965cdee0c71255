#!/usr/bin/env bash
# Installs Debian's Chromium and a CJK font for the end-to-end tests when they are missing
# (no browser downloads from npm here: STACK.md). Needs root, as on this project's machines.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ] && fc-list 2>/dev/null | grep -qi "WenQuanYi Zen Hei"; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium or the CJK font is missing: run 'apt-get install -y chromium fonts-wqy-zenhei' as root." >&2
  exit 1
fi
echo "[setup] installing chromium and fonts-wqy-zenhei from Debian"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-zenhei >/dev/null
