#!/usr/bin/env bash
# Install swisspair (with the manager) into .venv and start the manager on the
# embedded default: SQLite in the user's data directory (~/.local/share/swisspair, or $SWISSPAIR_DATA;
# nothing is created in the checkout), a demo event, on
# http://127.0.0.1:8000/ (account demo / demo). Stop it with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[web]'
exec .venv/bin/swisspair serve --demo "$@"
