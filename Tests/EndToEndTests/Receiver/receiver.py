#!/usr/bin/python3
"""A scripted webhook receiver for the end-to-end tests (standard library only).

Listens on 127.0.0.1 (port 0 picks a free one), writes the port it bound to --port-file, and records
every request as one JSON line in --log before answering it:

    {"method", "path", "headers": {lowercased name: value}, "body": text, "status": answered,
     "verified": true/false (Standard Webhooks signature checked against $RECEIVER_SECRET) or null,
     "client": "host:port" of the connection it came on (connections are kept alive: HTTP/1.1)}

Statuses come from --statuses, one per request in arrival order; the last one repeats. Non-2xx
answers carry `Retry-After: --retry-after` when given; 3xx answers carry `Location: --location`.
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def verify(secret, headers, body):
    """Standard Webhooks v1: HMAC-SHA256 over `id.timestamp.body` with the base64-decoded whsec_ key."""
    if not secret:
        return None
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    msg_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for candidate in headers.get("webhook-signature", "").split():
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--statuses", default="200")
    parser.add_argument("--retry-after")
    parser.add_argument("--location")
    options = parser.parse_args()

    statuses = [int(s) for s in options.statuses.split(",") if s.strip()]
    secret = os.environ.get("RECEIVER_SECRET", "")
    lock = threading.Lock()
    served = [0]
    log = os.open(options.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def handle_any(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length > 0 else b""
            headers = {name.lower(): value for name, value in self.headers.items()}
            with lock:
                status = statuses[min(served[0], len(statuses) - 1)]
                served[0] += 1
                record = {
                    "method": self.command,
                    "path": self.path,
                    "headers": headers,
                    "body": body.decode("utf-8", "replace"),
                    "status": status,
                    "verified": verify(secret, headers, body),
                    "client": "%s:%d" % self.client_address[:2],
                }
                # One write per line, so a reader never sees half a record.
                os.write(log, (json.dumps(record, sort_keys=True) + "\n").encode())
            reply = b'{"received": true}' if 200 <= status < 300 else b'{"received": false}'
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            if options.retry_after and not 200 <= status < 300:
                self.send_header("Retry-After", options.retry_after)
            if options.location and 300 <= status < 400:
                self.send_header("Location", options.location)
            self.end_headers()
            self.wfile.write(reply)

        do_POST = do_GET = do_PUT = handle_any

        def log_message(self, format, *args):
            sys.stderr.write("receiver: " + (format % args) + "\n")

    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    server.daemon_threads = True
    port_file = options.port_file
    with open(port_file + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
