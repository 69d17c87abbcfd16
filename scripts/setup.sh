#!/usr/bin/env bash
# Create the virtualenv and install the pinned packages. Sourced by run.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

extra=${1:-}
export UV_PYTHON_DOWNLOADS=never
python=$(command -v python3.11 || command -v python3)
if ! command -v uv >/dev/null 2>&1; then
  "$python" -m pip install --quiet uv
fi
uv=$(command -v uv || echo "$python -m uv")
[ -x .venv/bin/python ] || $uv venv --quiet --python "$python" .venv
if [ -n "$extra" ]; then
  $uv pip install --quiet --python .venv/bin/python -r pyproject.toml --extra "$extra"
else
  $uv pip install --quiet --python .venv/bin/python -r pyproject.toml
fi
