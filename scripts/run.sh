#!/usr/bin/env bash
# Set up and serve the site with a demo club on the embedded SQLite database:
#   ./scripts/run.sh            then open http://127.0.0.1:8000
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
.venv/bin/python manage.py migrate --no-input
.venv/bin/python manage.py load_demo_club --if-empty
exec .venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
