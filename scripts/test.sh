#!/usr/bin/env bash
# Install swisspair with its test dependencies into .venv, run the quality gates, then the tests.
#   bash scripts/test.sh                 everything (what CI runs)
#   bash scripts/test.sh -m "not slow"   the fast tier, while developing
# Extra arguments go to pytest. The gates (ruff, mypy --strict) run first and stop the run if they fail.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
bash scripts/web-test-setup.sh
echo "gate: the compiled matching core is built (swisspair.matching._matchcore)" >&2
if ! .venv/bin/python -c "import swisspair.matching._matchcore"; then
  echo "the C extension did not build (pip went on with the pure-Python core): .venv/bin/pip install -v -e . shows why" >&2
  exit 1
fi
echo "gate: ruff check" >&2
.venv/bin/ruff check --quiet .
echo "gate: mypy --strict (src/swisspair, src/swisspair_web with django-stubs)" >&2
# the django-stubs plugin imports the settings: a fixed key keeps it from writing one
SECRET_KEY=type-checking-only .venv/bin/mypy
# pytest keeps the test modules it rewrote (assert introspection) in __pycache__ for the next run, even where the
# environment forbids byte code (PYTHONDONTWRITEBYTECODE): each worker's collection then takes half the time
unset PYTHONDONTWRITEBYTECODE
exec .venv/bin/python -m pytest -n auto --dist worksteal -q "$@"
