#!/bin/sh
# manage.py as the site's user, with the site's settings (/etc/club/club.env), e.g.
#   /srv/club/app/deploy/manage.sh migrate
#   /srv/club/app/deploy/manage.sh export_club /var/lib/club/backups/before-upgrade.json
# Run as root. CLUB_USER (club) and CLUB_ENV (/etc/club/club.env) change its defaults.
set -eu
app=$(cd "$(dirname "$0")/.." && pwd)
user=${CLUB_USER:-club}
env_file=${CLUB_ENV:-/etc/club/club.env}
[ -r "$env_file" ] || { echo "cannot read $env_file" >&2; exit 1; }
exec runuser -u "$user" -- sh -c '
  set -a; . "$1"; set +a
  cd "$2"; shift 2
  exec .venv/bin/python manage.py "$@"
' manage "$env_file" "$app" "$@"
