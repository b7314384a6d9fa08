#!/usr/bin/env bash
# Build the documentation (the guides in docs/*.md and the API reference from the docstrings) as HTML
# in docs/_build/html. Warnings are errors and every cross-reference must resolve, as in the test
# suite (tests/test_docs.py). Extra arguments go to sphinx-build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import sphinx, myst_parser" 2>/dev/null; then
  .venv/bin/python -m pip install --quiet -e '.[docs]'
fi
exec .venv/bin/python -m sphinx -W -n --keep-going -q -b html "$@" docs docs/_build/html
