#!/usr/bin/env bash
# Set up everything the tests need on a fresh machine and run the whole suite:
#   ./scripts/test.sh [pytest arguments]
#
# 1. the virtualenv with the packages of uv.lock (scripts/setup.sh);
# 2. Debian's Chromium for the browser tests (apt-get, never a downloaded browser), and
#    nginx and systemd-analyze for the tests of deploy/;
# 3. a PostgreSQL server and Redis: $DATABASE_URL if given, else the one answering on
#    127.0.0.1:5432, else (or with OWN_POSTGRES=1) one installed from Debian's packages
#    and started in /tmp;
# 4. lint and checks: ruff, mypy, import-linter, djlint (templates: lint and layout),
#    makemigrations --check,
#    compiled translations;
# 5. the suite on SQLite, then on PostgreSQL (the tests that reach the database, the
#    browser walks among them), each spread over the machine's cores (pytest-xdist;
#    PYTEST_WORKERS=1 runs it in one process).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
started=$SECONDS

step() { printf '\n== %s\n' "$*"; }

step "virtualenv and packages"
./scripts/setup.sh dev

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "need root to install Debian packages: $*" >&2
    return 1
  fi
  if [ -z "${APT_UPDATED:-}" ]; then
    apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

step "Chromium (Debian)"
[ -x /usr/bin/chromium ] || apt_install chromium
/usr/bin/chromium --version

step "WeasyPrint's libraries (Debian): the documents' PDF files"
# the PyPI wheel opens Pango (with GLib, HarfBuzz and fontconfig, which pull a font,
# fonts-dejavu-core), PangoFT2 and HarfBuzz's subsetter when it is imported
.venv/bin/python -c "import weasyprint" 2>/dev/null \
  || apt_install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
.venv/bin/python -c "import weasyprint; print('WeasyPrint', weasyprint.__version__)"

step "nginx and systemd-analyze (tests of deploy/)"
# the tests run their own nginx on a free port (Debian's package may start one on port 80,
# except in containers whose policy-rc.d forbids starting services)
[ -x /usr/sbin/nginx ] || apt_install nginx
command -v systemd-analyze >/dev/null || apt_install systemd
/usr/sbin/nginx -v

step "PostgreSQL"
pg_pid_dir=""
cleanup() {
  if [ -n "${redis_pid:-}" ] && [ -f "$redis_pid" ]; then
    kill "$(cat "$redis_pid")" 2>/dev/null || true
  fi
  if [ -n "$pg_pid_dir" ]; then
    su postgres -c "$pg_bin/pg_ctl -D $pg_pid_dir/data -m fast stop" >/dev/null 2>&1 || true
    rm -rf "$pg_pid_dir"
  fi
}
trap cleanup EXIT
pg_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [ -n "${DATABASE_URL:-}" ]; then
  pg_url=$DATABASE_URL
elif [ -z "${OWN_POSTGRES:-}" ] && pg_answers 5432 && command -v psql >/dev/null && psql -qtA "postgres://postgres@127.0.0.1:5432/postgres" -c "select 1" >/dev/null 2>&1; then
  pg_url="postgres://postgres@127.0.0.1:5432/postgres"
else
  command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql
  pg_bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | tail -n 1)")
  pg_pid_dir=$(mktemp -d /tmp/club-pg.XXXXXX)
  chown postgres "$pg_pid_dir"
  su postgres -c "$pg_bin/initdb -D $pg_pid_dir/data -A trust -U postgres" >/dev/null
  su postgres -c "$pg_bin/pg_ctl -D $pg_pid_dir/data -o '-h 127.0.0.1 -p 5433 -k $pg_pid_dir' -l $pg_pid_dir/log -w start" >/dev/null
  pg_url="postgres://postgres@127.0.0.1:5433/postgres"
fi
echo "using $pg_url"

step "Redis (the RQ task backend's test)"
redis_pid=""
if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  command -v redis-server >/dev/null || apt_install redis-server
  redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --pidfile /tmp/club-redis.pid \
    --save '' --appendonly no
  redis_pid=/tmp/club-redis.pid
  sleep 1
fi
echo "Redis on 127.0.0.1:6379"

step "lint and checks"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy .
.venv/bin/lint-imports
.venv/bin/djlint templates --lint
# and in its layout (docs/conventions.md: how a template is written), but for the
# documents laid out as PDFs, which stay tight (docs/upstream/weasyprint-cell-whitespace.md)
.venv/bin/djlint templates --check --extend-exclude "$(grep -v '^#' scripts/pdf_templates.txt | paste -sd, -)"
.venv/bin/python manage.py makemigrations --check --dry-run
.venv/bin/python scripts/check_translations.py

workers=${PYTEST_WORKERS:-auto}
# worksteal: a worker done with its share takes tests from the other's queue, so that the
# long browser walks do not leave one core idle at the end
step "tests on SQLite"
env -u DATABASE_URL .venv/bin/pytest -n "$workers" --dist worksteal "$@"

step "tests on PostgreSQL"
DATABASE_URL=$pg_url .venv/bin/pytest -n "$workers" --dist worksteal "$@"

cd "$root"
printf '\n== the whole suite took %d min %02d s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
