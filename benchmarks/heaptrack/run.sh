#!/usr/bin/env bash
# Allocations (or CPU time) per noop job in the broker and in the workers, each a process of its own.
#
#   benchmarks/heaptrack/run.sh BINARY JOBS OUT [heaptrack|plain]
#
# Starts `BINARY broker` and two `BINARY worker --concurrency 8` (synchronous=full, a fresh journal under OUT),
# each under heaptrack (OUT/broker.zst, OUT/worker1.zst, OUT/worker2.zst) or, with `plain`, bare (then
# OUT/cpu.txt holds each process's user+system CPU ticks when the jobs are done). client.py (pyzmq, from the
# peers' virtual environment that benchmarks/run.sh installs) drives JOBS noop jobs, at most 64 in flight,
# over the documented wire protocol. Run it with two sizes and subtract (heaptrack_print -d, then sites.py)
# to leave out start-up: see benchmarks/HISTORY.md, "allocations per job".
set -u
bin=$(realpath "$1"); jobs=$2; dir=$(realpath -m "$3"); mode=${4:-heaptrack}
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-$here/../../.build/bench-venv/bin/python}
rm -rf "$dir"; mkdir -p "$dir"; cd "$dir"
port=$((20000 + RANDOM % 20000))
export INTERLUDE_CLIENTS=tcp://127.0.0.1:$port INTERLUDE_WORKERS=tcp://127.0.0.1:$((port+1)) INTERLUDE_EVENTS=tcp://127.0.0.1:$((port+2))
export INTERLUDE_DATA=$dir/data INTERLUDE_SYNCHRONOUS=full INTERLUDE_LOG_LEVEL=warning INTERLUDE_LIBRARY=$dir/library
wrap() { if [ "$mode" = heaptrack ]; then heaptrack -o "$dir/$1" "$bin" "${@:2}"; else exec "$bin" "${@:2}"; fi; }
(wrap broker broker > broker.log 2>&1) & broker=$!
for _ in $(seq 100); do grep -q 'interlude broker is up' broker.log && break; sleep 0.1; done
(INTERLUDE_WORKER_NAME=w1 wrap worker1 worker --concurrency 8 > worker1.log 2>&1) & w1=$!
(INTERLUDE_WORKER_NAME=w2 wrap worker2 worker --concurrency 8 > worker2.log 2>&1) & w2=$!
for _ in $(seq 300); do grep -q 'worker is up' worker1.log && grep -q 'worker is up' worker2.log && break; sleep 0.1; done
"$python" "$here/client.py" --clients "$INTERLUDE_CLIENTS" --events "$INTERLUDE_EVENTS" --jobs "$jobs" --timeout 300 | tee client.json
if [ "$mode" = plain ]; then
    for named in broker:$broker worker1:$w1 worker2:$w2; do
        read -r user system < <(awk '{print $14, $15}' "/proc/${named#*:}/stat")
        echo "${named%%:*} cpu_ticks=$((user + system))"
    done | tee cpu.txt
fi
# SIGTERM to each interlude process (under heaptrack, the child of the wrapper), so heaptrack writes its file.
for parent in $w1 $w2 $broker; do
    kill -TERM $(pstree -p "$parent" | grep -o 'interlude([0-9]*)' | grep -o '[0-9]*') 2>/dev/null
    wait "$parent"
done
