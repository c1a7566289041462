"""The Majortomo peer: N echo requests through its Majordomo broker and two echo workers, at most K in flight.

Usage: majortomo_peer.py --jobs N --in-flight K --timeout S --work DIR
       majortomo_peer.py worker URL        (one echo worker, used by the run itself)

The broker (`python -m majortomo.broker`, logging at WARNING) and the two workers are processes of their
own on loopback; this process is the client: a DEALER speaking MDP 0.2 (MDPC02) that keeps K requests
outstanding and times each from send to reply. Majortomo keeps nothing on disk. Prints one JSON object.
"""

import os
import socket
import subprocess
import sys
import time

import zmq

from common import Deadline, arguments, report

SERVICE = b"echo"
CLIENT = b"MDPC02"
REQUEST = b"\x02"
FINAL = b"\x04"


def serve(url):
    """One echo worker built on Majortomo's own `Worker`: says ready once its READY is queued, then echoes."""
    from majortomo import Worker

    worker = Worker(broker_url=url, service_name=SERVICE)
    worker.connect()
    print("ready", flush=True)
    while True:
        client, request = worker.wait_for_request()
        worker.send_reply_final(client, request)


def free_port():
    """A loopback port nobody listens on now (the broker binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tail(path, lines=5):
    """The last lines of a log, for an error message."""
    with open(path, errors="replace") as file:
        return " | ".join(file.read().strip().splitlines()[-lines:])


def start(work):
    """Starts the broker and two workers; returns their processes and the broker's URL."""
    config = os.path.join(work, "majortomo.yaml")
    with open(config, "w") as file:
        file.write("logging:\n  handlers:\n    console:\n      level: WARNING\n  root:\n    level: WARNING\n")
    url = f"tcp://127.0.0.1:{free_port()}"
    log = open(os.path.join(work, "majortomo.log"), "w")
    broker = subprocess.Popen([sys.executable, "-m", "majortomo.broker", "-b", url, "-c", config], stdout=log, stderr=log)
    workers = [
        subprocess.Popen([sys.executable, __file__, "worker", url], stdout=subprocess.PIPE, stderr=log, text=True)
        for _ in range(2)
    ]
    return [broker] + workers, url


def run(url, jobs, in_flight, warm_up, deadline, processes):
    """Sends `warm_up` then `jobs` requests, at most `in_flight` outstanding; returns the timed figures."""
    context = zmq.Context()
    client = context.socket(zmq.DEALER)
    client.linger = 0
    client.connect(url)
    sent = {}
    samples = []
    total = warm_up + jobs
    issued = 0
    received = 0
    started = None

    def send():
        nonlocal issued
        sent[issued] = time.perf_counter()
        client.send_multipart([b"", CLIENT, REQUEST, SERVICE, str(issued).encode()])
        issued += 1

    try:
        while issued < min(total, in_flight):
            send()
        while received < total:
            if not client.poll(int(min(deadline.left(), 1.0) * 1000)):
                for process in processes:
                    if process.poll() is not None:
                        raise RuntimeError(f"a Majortomo process exited with status {process.returncode}")
                if deadline.left() == 0:
                    raise TimeoutError(f"{max(0, received - warm_up)} of {jobs} requests done when the {deadline.seconds} s limit passed")
                continue
            frames = client.recv_multipart()
            if frames[2] != FINAL:
                continue
            index = int(frames[-1])
            elapsed = time.perf_counter() - sent.pop(index)
            received += 1
            if index >= warm_up:
                samples.append(elapsed)
            if received == warm_up:
                started = time.perf_counter()
            if issued < total:
                send()
        seconds = time.perf_counter() - (started or 0)
        return seconds, samples
    finally:
        client.close()
        context.term()


def measure(args):
    """Starts the processes, waits for both workers, runs the requests, and stops the processes."""
    processes = []
    try:
        processes, url = start(args.work)
        for worker in processes[1:]:
            if worker.stdout.readline().strip() != "ready":
                raise RuntimeError("an echo worker did not start: " + tail(os.path.join(args.work, "majortomo.log")))
        warm_up = min(2 * args.in_flight, 1000)
        return run(url, args.jobs, args.in_flight, warm_up, Deadline(args.timeout), processes)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "worker":
        serve(sys.argv[2])
        return
    args = arguments("--work")
    setup = "Majortomo broker + 2 echo workers + this DEALER client, separate processes; nothing on disk"
    report("majortomo", args, setup, lambda: measure(args))


if __name__ == "__main__":
    main()
