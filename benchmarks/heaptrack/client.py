"""A windowed client on Interlude's documented wire protocol, for benchmarks/heaptrack/run.sh: N noop jobs, at most K
in flight (submitted, no job.succeeded seen yet). Prints one JSON line: jobs, seconds, jobsPerSecond."""
import argparse, json, sys, time
import zmq

p = argparse.ArgumentParser()
p.add_argument("--clients", required=True)
p.add_argument("--events", required=True)
p.add_argument("--jobs", type=int, required=True)
p.add_argument("--in-flight", type=int, default=64)
p.add_argument("--timeout", type=float, default=600)
a = p.parse_args()

ctx = zmq.Context()
dealer = ctx.socket(zmq.DEALER); dealer.connect(a.clients)
sub = ctx.socket(zmq.SUB); sub.setsockopt(zmq.SUBSCRIBE, b"job.succeeded"); sub.connect(a.events)
time.sleep(0.3)  # the SUB connection must be up before the first job can succeed
poller = zmq.Poller(); poller.register(dealer, zmq.POLLIN); poller.register(sub, zmq.POLLIN)
body = b'{"input":{},"operation":"noop"}'
submitted = 0; mine = set(); early = set(); done = 0; outstanding = 0
end = time.monotonic() + a.timeout
start = time.monotonic()
def submit():
    global submitted, outstanding
    dealer.send_multipart([b"interlude/1", b"submit", str(submitted).encode(), body])
    submitted += 1; outstanding += 1
while done < a.jobs:
    while outstanding < a.in_flight and submitted < a.jobs: submit()
    if time.monotonic() > end: sys.exit(f"timeout: {done} of {a.jobs} done")
    for sock, _ in poller.poll(1000):
        if sock is dealer:
            while True:
                try: f = dealer.recv_multipart(zmq.NOBLOCK)
                except zmq.Again: break
                if f[1] != b"job": sys.exit(f"unexpected reply {f[1]!r}: {f[3][:300]!r}")
                jid = json.loads(f[3])["id"]
                if jid in early: early.discard(jid); done += 1; outstanding -= 1
                else: mine.add(jid)
        else:
            while True:
                try: f = sub.recv_multipart(zmq.NOBLOCK)
                except zmq.Again: break
                jid = json.loads(f[1])["job"]["id"]
                if jid in mine: mine.discard(jid); done += 1; outstanding -= 1
                else: early.add(jid)
seconds = time.monotonic() - start
print(json.dumps({"jobs": done, "seconds": seconds, "jobsPerSecond": done / seconds}))
