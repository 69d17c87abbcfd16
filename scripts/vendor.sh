#!/usr/bin/env bash
# Re-download the pinned front-end packages from the npm registry into static/vendor/.
# Pages never load anything from another host: these files are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

vendor() {  # vendor NAME VERSION FILE...
  local name=$1 version=$2; shift 2
  local dest="static/vendor/$name-$version"
  (cd "$tmp" && npm pack --silent "$name@$version" >/dev/null && mkdir -p "$name" && tar -xzf "$name-$version.tgz" -C "$name")
  rm -rf "$dest" && mkdir -p "$dest"
  for file in "$@"; do cp "$tmp/$name/package/$file" "$dest/"; done
  cp "$tmp/$name/package/LICENSE"* "$dest/" 2>/dev/null || cp "$tmp/$name/package/LICENCE"* "$dest/"
}

vendor bootstrap 5.3.8 dist/css/bootstrap.min.css dist/css/bootstrap.min.css.map \
  dist/js/bootstrap.bundle.min.js dist/js/bootstrap.bundle.min.js.map
vendor htmx.org 2.0.11 dist/htmx.min.js
vendor chart.js 4.6.1 dist/chart.umd.min.js dist/chart.umd.min.js.map
# Accessibility checks of the browser tests (not loaded by any page).
vendor axe-core 4.14.1 axe.min.js
