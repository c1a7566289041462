#!/usr/bin/env bash
# Makes the CURVE keys docker-compose.yml mounts as secrets, in ./keys: broker, worker, gateway and
# health (the probes' reader key) key pairs (NAME.key mode 0600, NAME.pub) and the broker's
# authorized_keys, then gives the secret key files to the image's user (uid 10001): compose mounts
# secrets with the host's owner and mode. Existing keys are kept.
# Uses `interlude` from PATH, or else the compose image. See docs/security.md and docs/deployment.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p keys
image_uid=10001

keygen() {
    if command -v interlude >/dev/null 2>&1; then
        interlude keygen "$1" --out keys
    else
        docker compose run --rm --no-deps --user "$(id -u):$(id -g)" -v "$PWD/keys:/keys" broker interlude keygen "$1" --out /keys
    fi
}

for name in broker worker gateway health; do
    [ -e "keys/$name.key" ] || keygen "$name"
done

{
    echo "# ROLE NAME PUBLIC_KEY — read by the broker at start and on SIGHUP (docker compose kill -s HUP broker)"
    echo "worker worker $(cat keys/worker.pub)"
    echo "gateway gateway $(cat keys/gateway.pub)"
    echo "reader health $(cat keys/health.pub)"
} > keys/authorized_keys.new
mv keys/authorized_keys.new keys/authorized_keys

# The containers run as uid 10001: each secret key must be theirs to read, and no one else's.
if [ "$(id -u)" = 0 ]; then
    chown "$image_uid:$image_uid" keys/*.key
elif [ "$(stat -c %u keys/broker.key)" != "$image_uid" ]; then
    echo "the containers run as uid $image_uid: give them the secret keys with" >&2
    echo "  sudo chown $image_uid:$image_uid $PWD/keys/*.key" >&2
fi
echo "keys written to $PWD/keys; add client and answerer keys to keys/authorized_keys as needed"
