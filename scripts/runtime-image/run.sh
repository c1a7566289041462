# One run of the image: the cached root under an overlay (the container's layer), the binary copied in as
# the stage's COPY does, its libraries checked, then broker, worker and gateway as the stage's USER, a job
# submitted and its question answered over HTTP, and every process stopped with SIGTERM. Sourced by
# scripts/check-runtime-image inside its namespaces, after root.sh.

run=$cache/run
rm -rf --one-file-system "$run"
mkdir -p "$run/upper" "$run/work" "$run/container"
container=$run/container
mount_at -t overlay overlay -o "lowerdir=$root,upperdir=$run/upper,workdir=$run/work" "$container" ||
    die "cannot mount an overlay of $root: this check needs overlayfs"
mount_at -t proc proc "$container/proc"
mount_at --bind /dev "$container/dev"
target=$copy_target
[[ $target == */ ]] && target+=$(basename "$copy_source")
cp "$binary" "$container$target"
chown 0:0 "$container$target"

# Says what failed, shows the log tails of the parts named (every part started, without names), and ends.
fail() {
    local name
    say "FAILED: $1"
    shift
    [ $# -gt 0 ] || set -- "${started[@]}"
    for name in "$@"; do
        echo "--- $name, the last 30 lines of $run/$name.log:" >&2
        tail -n 30 "$run/$name.log" >&2
    done
    exit 1
}

uid=${image_user%%:*}
home=$(awk -F: -v uid="$uid" '$3 == uid { print $6 }' "$container/etc/passwd")
[ -n "$home" ] || fail "the runtime stage made no user with uid $uid"
# What runs a command in the container as the image's user, in its WORKDIR, with its ENV (and any NAME=VALUE given first).
in_container=(chroot --userspec="$image_user" "$container" /usr/bin/env -i -C "${image_workdir:-/}"
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$home" "${image_env[@]}")
as_user() { "${in_container[@]}" "$@"; }

# Every library the binary links is in the root; a missing one is named, with the loader's own words.
libraries=$(chroot "$container" /usr/bin/ldd "$target" 2>&1) || true
grep -q 'libc\.so' <<<"$libraries" || fail "ldd in the root cannot read $target: $libraries"
missing=$(awk '/=> not found/ { print $1 }' <<<"$libraries")
if [ -n "$missing" ]; then
    for library in $missing; do
        provider=$(dpkg -S "*/$library" 2>/dev/null | head -1 | cut -d: -f1)
        say "$target needs $library, which the runtime stage does not install${provider:+ (on this machine $provider provides it)}"
    done
    as_user "$target" --help 2>&1 | head -3 >&2 || true
    fail "the runtime stage lacks libraries the binary links: ${missing//$'\n'/ }"
fi

# The image's volumes and secrets as compose gives them: CURVE keys made by the image's own keygen in a
# folder of the user's (compose mounts secret files with their owner on the host), a track in the library.
install -d -m 0700 -o "$uid" -g "${image_user#*:}" "$container/run/secrets"
for name in broker worker gateway health; do
    as_user interlude keygen "$name" --out /run/secrets >>"$run/keygen.log" 2>&1 || fail "interlude keygen $name" keygen
done
{
    echo "worker worker $(cat "$container/run/secrets/worker.pub")"
    echo "gateway gateway $(cat "$container/run/secrets/gateway.pub")"
    echo "reader health $(cat "$container/run/secrets/health.pub")"
} >"$container/run/secrets/authorized_keys"
as_user sh -c 'mkdir -p /srv/library/downloads && echo track >/srv/library/downloads/t-101.mp3' >"$run/library.log" 2>&1 ||
    fail "the image's user cannot write its library folder /srv/library" library

read -r clients_port workers_port events_port http_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(4)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')
clients=tcp://127.0.0.1:$clients_port
workers=tcp://127.0.0.1:$workers_port
events=tcp://127.0.0.1:$events_port
gateway_address=127.0.0.1:$http_port
token=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
probe="--key /run/secrets/health.key --broker-key /run/secrets/broker.pub --wait 30"
# The stage's HEALTHCHECK command (exec or shell form); HEALTH_PROBE names the part, as compose would set it.
health_command=$(grep '^HEALTHCHECK ' <<<"$runtime_stage" | sed -n 's/.* CMD //p')
if [[ $health_command == \[* ]]; then
    mapfile -t healthcheck < <(jq -r '.[]' <<<"$health_command")
elif [ -n "$health_command" ]; then
    healthcheck=(/bin/sh -c "$health_command")
else
    healthcheck=(/bin/sh -c 'exec interlude health $HEALTH_PROBE')
fi
stop_signal=$(grep '^STOPSIGNAL ' <<<"$runtime_stage" | cut -d' ' -f2)

# Starts NAME: the rest of the arguments run in the container as the image's user, its output in NAME.log.
# Started as a simple command, its process is chroot's, which becomes interlude's: signals reach it.
start() {
    local name=$1
    shift
    "${in_container[@]}" "$@" >"$run/$name.log" 2>&1 &
    pids["$name"]=$!
    started+=("$name")
}
# Waits for NAME to be healthy, probed by the stage's HEALTHCHECK with the rest of the arguments (NAME=VALUE,
# HEALTH_PROBE among them: the part, the reader key, --wait instead of Docker's retries), and fails at once
# if NAME ends first.
healthy() {
    local name=$1 probe status=0
    shift
    "${in_container[@]}" "$@" "${healthcheck[@]}" >>"$run/health.log" 2>&1 &
    probe=$!
    while kill -0 "$probe" 2>/dev/null; do
        if ! kill -0 "${pids[$name]}" 2>/dev/null; then
            kill "$probe" 2>/dev/null || true
            wait "${pids[$name]}" || status=$?
            fail "$name ended, with status $status, before it was healthy" "$name"
        fi
        sleep 0.1
    done
    wait "$probe" || fail "$name did not become healthy within 30 s ($(tail -n 1 "$run/health.log"))" "$name"
}

start broker INTERLUDE_DATA=/var/lib/interlude INTERLUDE_CLIENTS="$clients" INTERLUDE_WORKERS="$workers" \
    INTERLUDE_EVENTS="$events" INTERLUDE_SYNCHRONOUS=full INTERLUDE_LOG_FORMAT=json \
    INTERLUDE_CURVE_SECRET_KEY_FILE=/run/secrets/broker.key INTERLUDE_AUTHORIZED_KEYS_FILE=/run/secrets/authorized_keys interlude broker
healthy broker INTERLUDE_CLIENTS="$clients" HEALTH_PROBE="broker $probe"
start worker INTERLUDE_WORKERS="$workers" INTERLUDE_CLIENTS="$clients" INTERLUDE_WORKER_NAME=worker-1 \
    INTERLUDE_LIBRARY=/srv/library INTERLUDE_LOG_FORMAT=json INTERLUDE_CURVE_SECRET_KEY_FILE=/run/secrets/worker.key \
    INTERLUDE_BROKER_PUBLIC_KEY=/run/secrets/broker.pub interlude worker
healthy worker INTERLUDE_CLIENTS="$clients" HEALTH_PROBE="worker worker-1 $probe"
start gateway INTERLUDE_HTTP="$gateway_address" INTERLUDE_CLIENTS="$clients" INTERLUDE_EVENTS="$events" \
    INTERLUDE_DATA=/var/lib/interlude-gateway INTERLUDE_LOG_FORMAT=json INTERLUDE_CURVE_SECRET_KEY_FILE=/run/secrets/gateway.key \
    INTERLUDE_BROKER_PUBLIC_KEY=/run/secrets/broker.pub INTERLUDE_TOKENS="check:$token:submit+answer+read" interlude gateway
healthy gateway INTERLUDE_HTTP="$gateway_address" HEALTH_PROBE="gateway --wait 30"

# The README's walk-through over HTTP, with the token: submit, read the question, answer it, read the result.
api=http://$gateway_address
http() { curl -sS --fail-with-body --max-time 10 -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$@"; }
# Reads the job until its state is STATE (30 s at most); prints it.
job_in_state() {
    local deadline=$((SECONDS + 30)) body
    while body=$(http "$api/v1/jobs/$job") || fail "GET /v1/jobs/$job: $body" gateway; do
        state=$(jq -r .state <<<"$body")
        [ "$state" = "$1" ] && { echo "$body"; return; }
        case $state in succeeded | failed | cancelled) fail "job $job ended $(jq -c '{state, error}' <<<"$body"), not $1" ;; esac
        [ "$SECONDS" -lt "$deadline" ] || fail "job $job is $(jq -c '{state, error}' <<<"$body"), not $1, after 30 s"
        sleep 0.2
    done
}
reply=$(http -X POST "$api/v1/operations" -d '{"operation": "removeDownload", "input": {"trackID": "t-101", "title": "Blue in Green"}}') ||
    fail "POST /v1/operations: $reply" gateway broker
job=$(jq -r .id <<<"$reply")
presentation=$(job_in_state waiting | jq -r .presentation.id)
reply=$(http -X POST "$api/v1/presentations/$presentation/answer" -d '{"action": "remove"}') ||
    fail "POST /v1/presentations/$presentation/answer: $reply" gateway broker
result=$(job_in_state succeeded | jq -c .result)
[ "$result" = '{"removed":true}' ] || fail "job $job succeeded with $result, not {\"removed\":true}"
[ ! -e "$container/srv/library/downloads/t-101.mp3" ] || fail "job $job succeeded but the track is still in /srv/library" worker
[ "$(stat -c %u "$container/var/lib/interlude/journal.sqlite")" = "$uid" ] || fail "the journal does not belong to uid $uid" broker
say "job $job: asked, answered over HTTP, succeeded: $result"

# The stage's STOPSIGNAL: each part ends by itself, with status 0, within the 15 s compose gives it.
for name in gateway worker broker; do
    kill -s "${stop_signal:-SIGTERM}" "${pids[$name]}"
    stop_within 15 "${pids[$name]}" || fail "$name still runs 15 s after ${stop_signal:-SIGTERM}" "$name"
    status=0
    wait "${pids[$name]}" || status=$?
    [ "$status" -eq 0 ] || fail "$name ended with status $status after ${stop_signal:-SIGTERM}" "$name"
done
started=()
