"""An HTTPS endpoint on 127.0.0.1 for the client's TLS tests.

Usage: python3 tls_receiver.py CERT KEY PORTFILE. Writes the port it listens on to PORTFILE (whole, by a
rename), then answers every POST with 204 and an `x-client-port` header (the client's source port, so a
test can see a connection reused). Ends on SIGTERM, and by itself after two minutes.
"""

import http.server
import os
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


certificate, key, port_file = sys.argv[1:4]
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
with open(port_file + ".partial", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(port_file + ".partial", port_file)
threading.Timer(120, os._exit, [0]).start()
server.serve_forever()
