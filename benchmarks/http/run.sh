#!/usr/bin/env bash
# Requests per second for POST /v1/operations on the gateway (with broker, worker and journal behind it),
# beside a minimal libmicrohttpd server in the same run. Usage: benchmarks/http/run.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
connections=${2:-16}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT

swift build -c release --product interlude >/dev/null
cc -O2 -o "$work/minimal_mhd" benchmarks/http/minimal_mhd.c -lmicrohttpd

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
http=$(free_port); mhd=$(free_port)
export INTERLUDE_DATA="$work/data" INTERLUDE_LIBRARY="$work/library" INTERLUDE_LOG_LEVEL=error \
       INTERLUDE_CLIENTS="tcp://127.0.0.1:$(free_port)" INTERLUDE_WORKERS="tcp://127.0.0.1:$(free_port)" \
       INTERLUDE_EVENTS="tcp://127.0.0.1:$(free_port)" INTERLUDE_HTTP="127.0.0.1:$http" INTERLUDE_CONCURRENCY=8
.build/release/interlude up >"$work/up.log" 2>&1 &
"$work/minimal_mhd" "$mhd" >/dev/null &
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$http/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

echo "machine: $(uname -srm), $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ); wrk -t2 -c$connections -d${seconds}s"
for target in "gateway http://127.0.0.1:$http/v1/operations" "minimal-mhd http://127.0.0.1:$mhd/v1/operations"; do
    set -- $target
    rps=$(wrk -t2 -c"$connections" -d"${seconds}s" -s benchmarks/http/post.lua "$2" | awk '/Requests\/sec/ {print $2}')
    echo "$1 $rps"
done | tee "$work/result.txt"
awk 'NR==1 {g=$2} NR==2 {m=$2} END {printf "ratio gateway/minimal: %.3f\n", g/m}' "$work/result.txt"
