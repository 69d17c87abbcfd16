#!/usr/bin/env bash
# Create the virtualenv .venv/ with the packages of uv.lock, exactly the locked versions
# (`uv sync --locked`: a pyproject.toml out of step with uv.lock is an error, not a new
# resolution). Called by run.sh and test.sh:
#   ./scripts/setup.sh        the site's packages
#   ./scripts/setup.sh dev    and those of the tests and checks (the "dev" extra)
#   ./scripts/setup.sh server the site's packages and nothing else (docs/operations.md)
# On a development machine packages of the other extra are kept (--inexact), so that
# run.sh after test.sh does not remove pytest; a server's sync is exact: a package dropped
# from uv.lock (or a test's package) is removed from its .venv.
#
# On a fresh Debian machine uv itself is missing: it is installed, pinned, into .tools/uv/
# from PyPI by a virtualenv of the system's Python (Debian's python3-venv, installed as
# root when missing). PYTHON chooses the interpreter (3.11 to 3.13).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

UV_VERSION=0.13.9
extra=${1:-}
export UV_PYTHON_DOWNLOADS=never
python=${PYTHON:-$(command -v python3.11 || command -v python3.13 || command -v python3.12 || command -v python3)}

if command -v uv >/dev/null 2>&1; then
  uv=$(command -v uv)
elif [ -x .tools/uv/bin/uv ]; then
  uv=.tools/uv/bin/uv
else
  if ! "$python" -c "import ensurepip, venv" 2>/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "need root to install Debian's python3-venv (to install uv)" >&2
      exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
  fi
  "$python" -m venv .tools/uv
  .tools/uv/bin/python -m pip install --quiet "uv==$UV_VERSION"
  uv=.tools/uv/bin/uv
fi

args=(sync --locked --quiet)
[ "$extra" = server ] && extra= || args+=(--inexact)
# the interpreter chooses the virtualenv's Python when it is made; asked again, uv would
# make it anew whenever the path differs from the one it keeps (a pyenv shim, say)
[ -x .venv/bin/python ] || args+=(--python "$python")
if [ -n "$extra" ]; then
  args+=(--extra "$extra")
fi
"$uv" "${args[@]}"
