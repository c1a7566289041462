#!/usr/bin/env bash
# Requests per second for POST /v1/operations on the gateway (with broker, worker and journal behind it),
# beside a minimal libmicrohttpd server in the same run. Usage: benchmarks/http/run.sh [seconds] [connections]
#
# Three targets, one after the other: `interlude up` (broker, worker and gateway in one process), the same
# three as separate processes (`interlude broker`, `interlude worker`, `interlude gateway`), and the minimal
# server. For each, the CPU time its processes used per request (from /proc) is printed beside the rate; for the
# separate processes also each one's share, the gateway's context switches per request (its thread hops) and,
# where `perf` can count the broker's fdatasync calls, how many requests shared each journal commit.
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
switches() { cat /proc/"$1"/task/*/status 2>/dev/null | awk '/ctxt_switches/ {s += $2} END {print s}'; }
measure() {  # name address pid...
    local name=$1 address=$2; shift 2
    local before; before=$(ticks "$@")
    local out; out=$(wrk -t2 -c"$connections" -d"${seconds}s" -s "$root/benchmarks/http/post.lua" "http://$address/v1/operations")
    local after; after=$(ticks "$@")
    local rps; rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    count=$(awk '/requests in/ {print $1}' <<<"$out")
    echo "$name $rps $(( (after - before) * 1000000 / $(getconf CLK_TCK) / count ))"
}
detail() {  # the separate processes: broker, worker, gateway CPU per request, gateway switches, requests per commit
    local broker=$1 worker=$2 gateway=$3 address=$4
    local b0 w0 g0 s0 b1 w1 g1 s1 syncs="" perf=""
    b0=$(ticks "$broker"); w0=$(ticks "$worker"); g0=$(ticks "$gateway"); s0=$(switches "$gateway")
    if command -v perf >/dev/null; then
        perf stat -x, -e syscalls:sys_enter_fdatasync -o "$work/commits" -p "$broker" -- sleep "$seconds" >/dev/null 2>&1 & perf=$!
    fi
    measure gateway-separate "$address" "$broker" "$worker" "$gateway"
    if [ -n "$perf" ] && wait "$perf"; then syncs=$(awk -F, '/fdatasync/ {print $1}' "$work/commits" 2>/dev/null || true); fi
    b1=$(ticks "$broker"); w1=$(ticks "$worker"); g1=$(ticks "$gateway"); s1=$(switches "$gateway")
    local tck; tck=$(getconf CLK_TCK)
    echo "  µs/request: broker $(( (b1 - b0) * 1000000 / tck / count )), gateway $(( (g1 - g0) * 1000000 / tck / count )), worker $(( (w1 - w0) * 1000000 / tck / count )); gateway context switches per request $(awk -v a="$s0" -v b="$s1" -v n="$count" 'BEGIN {printf "%.2f", (b - a) / n}')${syncs:+; broker fdatasyncs $syncs, requests per commit $(awk -v s="$syncs" -v n="$count" 'BEGIN {printf "%.1f", n / s}')}"
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
    detail "$broker" "$worker" "$gateway" "$INTERLUDE_HTTP"
    kill "$gateway" "$worker" "$broker"; wait "$gateway" "$worker" "$broker" 2>/dev/null || true

    port=$(free_port)
    "$work/minimal_mhd" "$port" >/dev/null & minimal=$!
    ready "127.0.0.1:$port"
    measure minimal-mhd "127.0.0.1:$port" "$minimal"
    kill "$minimal"; wait "$minimal" 2>/dev/null || true
} | tee "$work/result.txt"
awk '/^gateway-up/ {u=$2} /^gateway-separate/ {s=$2} /^minimal-mhd/ {m=$2}
     END {printf "ratio gateway/minimal: up %.3f, separate processes %.3f\n", u/m, s/m}' "$work/result.txt"
