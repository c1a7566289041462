#!/usr/bin/env bash
# Makes the CURVE keys docker-compose.yml mounts as secrets, in ./keys: broker, worker and gateway key
# pairs (NAME.key mode 0600, NAME.pub) and the broker's authorized_keys. Existing keys are kept.
# Uses `interlude` from PATH, or else the compose image. See docs/security.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p keys

keygen() {
    if command -v interlude >/dev/null 2>&1; then
        interlude keygen "$1" --out keys
    else
        docker compose run --rm --no-deps -v "$PWD/keys:/keys" broker interlude keygen "$1" --out /keys
    fi
}

for name in broker worker gateway; do
    [ -e "keys/$name.key" ] || keygen "$name"
done

{
    echo "# ROLE NAME PUBLIC_KEY — read by the broker at start and on SIGHUP (docker compose kill -s HUP broker)"
    echo "worker worker $(cat keys/worker.pub)"
    echo "gateway gateway $(cat keys/gateway.pub)"
} > keys/authorized_keys.new
mv keys/authorized_keys.new keys/authorized_keys
echo "keys written to $PWD/keys; add client and answerer keys to keys/authorized_keys as needed"
