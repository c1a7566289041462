"""An Interlude worker in Python, written against docs/protocol.md alone.

It announces one operation, pyGreet, which asks "Greet <name>?" with Greet and Cancel, records the
greeting as a step once a person chose Greet, and finishes with {"greeting": ...} (null after Cancel).
Settings come from the variables `interlude worker` reads: INTERLUDE_WORKERS (the broker's worker
endpoint), INTERLUDE_WORKER_NAME, INTERLUDE_HEARTBEAT_MS and INTERLUDE_LIVENESS.
"""

import json
import os
import signal
import sys
import time

import zmq

VERSION = b"interlude/1"
ENDPOINT = os.environ.get("INTERLUDE_WORKERS", "tcp://127.0.0.1:5571")
NAME = os.environ.get("INTERLUDE_WORKER_NAME", "python-worker")
HEARTBEAT = int(os.environ.get("INTERLUDE_HEARTBEAT_MS", "1000")) / 1000
LIVENESS = int(os.environ.get("INTERLUDE_LIVENESS", "3"))

# Every catalog key this worker defines starts with its operation's name; `action.cancel` is the
# resolvers' own, so it is used here but never defined.
OPERATION = {
    "name": "pyGreet",
    "summary": "Greet someone by name from Python, once a person agrees",
    "input": {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 100}},
        "required": ["name"],
        "additionalProperties": False,
    },
    "catalog": {
        "en": {"pyGreet.confirm.title": "Greet {0}?", "pyGreet.confirm.message": "Python will say hello.",
               "pyGreet.action.greet": "Greet"},
        "es": {"pyGreet.confirm.title": "¿Saludar a {0}?", "pyGreet.confirm.message": "Python dirá hola.",
               "pyGreet.action.greet": "Saludar"},
    },
}


def question(name):
    """The draft of the one question pyGreet asks."""
    return {
        "kind": "confirmationDialog",
        "title": f"Greet {name}?",
        "titleVisibility": "visible",
        "message": "Python will say hello.",
        "item": {"name": name},
        "localization": {"key": "pyGreet.confirm", "arguments": [name]},
        "actions": [
            {"id": "greet", "label": "Greet", "role": None, "localization": {"key": "pyGreet.action.greet", "arguments": []}},
            {"id": "cancel", "label": "Cancel", "role": "cancel", "localization": {"key": "action.cancel", "arguments": []}},
        ],
    }


class Worker:
    def __init__(self):
        self.context = zmq.Context()
        self.socket = None
        self.jobs = {}  # job id -> {"attempt", "name", "steps"}
        self.announced = False
        self.stopping = False

    def send(self, kind, body):
        self.socket.send_multipart([VERSION, kind.encode(), b"", json.dumps(body).encode()])
        self.last_sent = time.monotonic()

    def connect(self):
        """A new DEALER socket, and the announcement; sent on connect and again after `reconnect`."""
        if self.socket is not None:
            self.socket.close(linger=0)
        self.socket = self.context.socket(zmq.DEALER)
        self.socket.connect(ENDPOINT)
        self.jobs.clear()
        self.send("ready", {"name": NAME, "capacity": 1, "operations": [OPERATION]})
        self.last_heard = time.monotonic()

    def run(self):
        self.connect()
        while not self.stopping:
            if self.socket.poll(int(HEARTBEAT * 250)):
                frames = self.socket.recv_multipart()
                self.last_heard = time.monotonic()
                if len(frames) == 4 and frames[0] == VERSION:
                    self.handle(frames[1].decode(), json.loads(frames[3]))
            now = time.monotonic()
            if now - self.last_heard > HEARTBEAT * LIVENESS:
                print(f"the broker at {ENDPOINT} is silent; connecting again", file=sys.stderr, flush=True)
                self.connect()
            elif now - self.last_sent >= HEARTBEAT:
                self.send("heartbeat", {})
        self.send("disconnect", {})
        self.socket.close(linger=500)

    def handle(self, kind, body):
        if kind == "welcome" and not self.announced:
            self.announced = True
            print(f"python worker is up.\n  operations  {' '.join(body['operations'])}\n  broker      {ENDPOINT}\n", flush=True)
        elif kind == "reconnect":
            self.connect()
        elif kind == "dispatch":
            self.dispatch(body)
        elif kind == "resume":
            self.answered(body["job"], body["attempt"], body["resolution"])
        elif kind == "stepRecorded":
            self.finish(body["job"], body["attempt"])
        elif kind in ("cancel", "forget"):
            if self.jobs.pop(body["job"], None) is not None and kind == "cancel":
                self.send("result", {"job": body["job"], "attempt": body["attempt"], "outcome": "cancelled"})
        elif kind == "refused":
            print(f"refused: {body['code']}: {body['message']}", file=sys.stderr, flush=True)

    def dispatch(self, body):
        job, attempt = body["job"], body["attempt"]
        if body["operation"] != OPERATION["name"]:
            self.send("refuse", {"job": job, "attempt": attempt, "code": "unknownOperation",
                                 "message": f"this worker runs {OPERATION['name']} only"})
            return
        name = body["input"]["name"]
        self.jobs[job] = {"attempt": attempt, "name": name, "steps": body["history"]["steps"]}
        # A replay takes the recorded answer instead of asking again.
        for answered in body["history"]["answered"]:
            if answered["sequence"] == 1:
                self.answered(job, attempt, answered["resolution"])
                return
        self.send("present", {"job": job, "attempt": attempt, "sequence": 1, "draft": question(name)})

    def answered(self, job, attempt, resolution):
        state = self.jobs.get(job)
        if state is None or state["attempt"] != attempt:
            return
        if resolution.get("action") != "greet":
            self.result(job, attempt, None)
        elif "greeting" in state["steps"]:
            self.result(job, attempt, state["steps"]["greeting"])
        else:
            # The side effect, journaled before the job goes on: the broker replies `stepRecorded`.
            state["greeting"] = f"Hello, {state['name']}"
            self.send("step", {"job": job, "attempt": attempt, "name": "greeting", "value": state["greeting"]})

    def finish(self, job, attempt):
        state = self.jobs.get(job)
        if state is not None and state["attempt"] == attempt:
            self.result(job, attempt, state["greeting"])

    def result(self, job, attempt, greeting):
        self.jobs.pop(job, None)
        self.send("result", {"job": job, "attempt": attempt, "outcome": "succeeded", "output": {"greeting": greeting}})


if __name__ == "__main__":
    worker = Worker()

    def stop(*_):
        worker.stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may start us with these blocked (the mask is inherited); a worker must hear them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    worker.run()
