"""An HTTPS endpoint on 127.0.0.1 for the client's TLS tests.

Usage: python3 tls_receiver.py CERT KEY. Prints the port it listens on, then answers every POST with
204 and an `x-client-port` header (the client's source port, so a test can see a connection reused).
Exits when its standard input closes.
"""

import http.server
import ssl
import sys
import threading


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(204)
        self.send_header("x-client-port", str(self.client_address[1]))
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])
server.socket = context.wrap_socket(server.socket, server_side=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
