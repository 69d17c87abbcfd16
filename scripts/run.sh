#!/usr/bin/env bash
# Set up and serve the site with a demo club on the embedded SQLite database, in the
# development's settings (config.settings.base, DEBUG on):
#   ./scripts/run.sh            then open http://127.0.0.1:8000
# The background-task worker (long rating replays) runs beside the web server and stops
# with it.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
.venv/bin/python manage.py migrate --no-input
.venv/bin/python manage.py load_demo_club
.venv/bin/python manage.py db_worker --no-reload &
worker=$!
trap 'kill $worker 2>/dev/null || true' EXIT INT TERM
.venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
