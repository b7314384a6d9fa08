#!/usr/bin/env bash
# Install what the manager's browser and PostgreSQL tests need: Debian's chromium,
# chromium-driver and postgresql (and nginx, which benchmarks/load.py puts in front). Idempotent and quiet; never fails the caller:
# when a package cannot be installed, the tests that need it skip with a notice.
set -uo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# nginx: benchmarks/load.py puts it in front, as docs/manager.md deploys it (optional)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
# fonts with Cyrillic for the PDF exports (optional)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "web-test-setup: no apt-get; missing ${missing[*]} (their tests will be skipped)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "web-test-setup: not root; missing ${missing[*]} (their tests will be skipped)" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/swisspair-web-setup.log 2>&1; then
  $SUDO apt-get update -qq >>/tmp/swisspair-web-setup.log 2>&1
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >>/tmp/swisspair-web-setup.log 2>&1 \
    || echo "web-test-setup: could not install ${missing[*]} (see /tmp/swisspair-web-setup.log); their tests will be skipped" >&2
fi
# Debian starts a system cluster on install; the tests use their own throwaway cluster.
exit 0
