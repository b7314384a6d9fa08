#!/usr/bin/env bash
# Install swisspair with its test dependencies into .venv and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
bash scripts/web-test-setup.sh
exec .venv/bin/python -m pytest -n auto -q "$@"
