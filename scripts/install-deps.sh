#!/usr/bin/env bash
# Installs the Debian packages Interlude builds and tests with, only those that are missing.
set -euo pipefail

packages=(libzmq3-dev libsqlite3-dev libmicrohttpd-dev libsodium-dev libarchive-dev libpq-dev libcurl4-openssl-dev pkg-config make python3 tmux)
[ "${INTERLUDE_WITH_TEST_TOOLS:-0}" = 1 ] && packages+=(docker-compose chromium chromium-driver python3-selenium openssl curl jq zsh fish systemd nginx-light debootstrap)
# The benchmark's peers: a private PostgreSQL (scripts/postgres-private) and a virtual environment for PyPI packages.
[ "${INTERLUDE_WITH_TEST_TOOLS:-0}" = 1 ] && packages+=(postgresql-15 python3-venv)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}" >&2
log=$(mktemp)
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "could not install: ${missing[*]}" >&2
    exit 1
fi
rm -f "$log"
