#!/usr/bin/env bash
# Install swisspair into .venv and run the main job: a whole sample tournament,
# every round paired by the FIDE Dutch system, then the standings.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/swisspair demo "$@"
