#!/usr/bin/env bash
# Requests per second for POST /v1/operations on the gateway (with broker, worker and journal behind it),
# beside a minimal libmicrohttpd server in the same run. Usage: benchmarks/http/run.sh [seconds] [connections]
#
# Three targets, one after the other: `interlude up` (broker, worker and gateway in one process), the same
# three as separate processes (`interlude broker`, `interlude worker`, `interlude gateway`), and the minimal
# server. For each, the CPU time its processes used per request (from /proc) is printed beside the rate.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
seconds=${1:-10}
connections=${2:-16}
binary=${INTERLUDE_BINARY:+$(realpath "$INTERLUDE_BINARY")}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT

[ -n "${INTERLUDE_BINARY:-}" ] || { swift build -c release --product interlude >/dev/null; binary=$(realpath .build/release/interlude); }
cc -O2 -o "$work/minimal_mhd" benchmarks/http/minimal_mhd.c -lmicrohttpd

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
ticks() { local sum=0; for pid in "$@"; do sum=$((sum + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$sum"; }
settings() {  # fresh ports and folders for one target
    export INTERLUDE_DATA="$work/$1/data" INTERLUDE_LIBRARY="$work/$1/library" INTERLUDE_LOG_LEVEL=error \
           INTERLUDE_CLIENTS="tcp://127.0.0.1:$(free_port)" INTERLUDE_WORKERS="tcp://127.0.0.1:$(free_port)" \
           INTERLUDE_EVENTS="tcp://127.0.0.1:$(free_port)" INTERLUDE_HTTP="127.0.0.1:$(free_port)" INTERLUDE_CONCURRENCY=8
    mkdir -p "$work/$1"
    cd "$work/$1"  # the embedded defaults and these variables only: no config/ of a checkout
}
ready() { for _ in $(seq 100); do curl -fs "http://$1/healthz" >/dev/null 2>&1 && return; sleep 0.1; done; echo "no answer from $1" >&2; exit 1; }
measure() {  # name address pid...
    local name=$1 address=$2; shift 2
    local before; before=$(ticks "$@")
    local out; out=$(wrk -t2 -c"$connections" -d"${seconds}s" -s "$root/benchmarks/http/post.lua" "http://$address/v1/operations")
    local after; after=$(ticks "$@")
    local rps; rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    local count; count=$(awk '/requests in/ {print $1}' <<<"$out")
    echo "$name $rps $(( (after - before) * 1000000 / $(getconf CLK_TCK) / count ))"
}

echo "machine: $(uname -srm), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%MZ); wrk -t2 -c$connections -d${seconds}s"
echo "target req/s cpu-µs/request"
{
    settings up
    "$binary" up >log 2>&1 & up=$!
    ready "$INTERLUDE_HTTP"
    measure gateway-up "$INTERLUDE_HTTP" "$up"
    kill "$up"; wait "$up" 2>/dev/null || true

    settings separate
    "$binary" broker >broker.log 2>&1 & broker=$!
    "$binary" worker >worker.log 2>&1 & worker=$!
    INTERLUDE_DATA="$work/separate/gateway" "$binary" gateway >gateway.log 2>&1 & gateway=$!
    ready "$INTERLUDE_HTTP"
    measure gateway-separate "$INTERLUDE_HTTP" "$broker" "$worker" "$gateway"
    kill "$gateway" "$worker" "$broker"; wait "$gateway" "$worker" "$broker" 2>/dev/null || true

    port=$(free_port)
    "$work/minimal_mhd" "$port" >/dev/null & minimal=$!
    ready "127.0.0.1:$port"
    measure minimal-mhd "127.0.0.1:$port" "$minimal"
    kill "$minimal"; wait "$minimal" 2>/dev/null || true
} | tee "$work/result.txt"
awk '/^gateway-up/ {u=$2} /^gateway-separate/ {s=$2} /^minimal-mhd/ {m=$2}
     END {printf "ratio gateway/minimal: up %.3f, separate processes %.3f\n", u/m, s/m}' "$work/result.txt"
