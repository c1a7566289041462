#!/usr/bin/env bash
# Checks deploy/systemd's units with `systemd-analyze verify` (run by `make test`): syntax, every
# directive known, and every command present and executable. The units name /usr/local/bin/interlude,
# which this machine may not have: they are checked as copies, in a temporary folder, that name the
# binary given (the one just built) instead; nothing else in them is changed.
#   scripts/verify-units.sh BINARY
set -euo pipefail
binary=$(realpath "${1:?give the interlude binary to check the units against}")
[ -x "$binary" ] || { echo "$binary is not an executable" >&2; exit 1; }
cd "$(dirname "$0")/.."
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
for unit in deploy/systemd/*.service; do
    sed "s|/usr/local/bin/interlude|$binary|g" "$unit" > "$folder/$(basename "$unit")"
done
# A template is verified as an instance.
mv "$folder/interlude-worker@.service" "$folder/interlude-worker@1.service"
# systemd-analyze prints its findings and exits non-zero only on some of them: any output is a failure.
output=$(SYSTEMD_LOG_LEVEL=notice systemd-analyze verify --man=no "$folder"/*.service 2>&1) || { echo "$output" >&2; exit 1; }
if [ -n "$output" ]; then echo "$output" >&2; exit 1; fi
echo "systemd-analyze verify: deploy/systemd's units are clean"
