"""A scripted SMTP server for the end-to-end tests: aiosmtpd on 127.0.0.1 (from the virtual environment
under .build/, see Support/MailReceiver.swift).

Listens on --port (0 picks a free one), writes the port it bound to --port-file, and records every
message the client finishes sending as one JSON line in --log before answering it:

    {"mail_from", "rcpt_tos": [...], "data": the message as text, "status": the reply code, "login": AUTH user or null}

Reply codes come from --statuses, one per message in arrival order, the last one repeating (250
accepts; 451 is a temporary refusal, 550 a permanent one). With --password, AUTH is required and only
--user with that password gets in (AUTH over plain SMTP is allowed: this is loopback). With --cert
and --key, STARTTLS is offered and required before anything else, or with --smtps as well, TLS is
spoken from the first byte (smtps://); "tls" in the log says whether the message came over TLS.
"""

import argparse
import asyncio
import json
import socket
import ssl
import sys

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

REPLIES = {250: "250 OK", 451: "451 4.3.0 Try again later", 550: "550 5.1.1 Mailbox unavailable"}


class Recorder:
    def __init__(self, log, statuses):
        self.log = log
        self.statuses = statuses
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        status = self.statuses[min(self.count, len(self.statuses) - 1)]
        self.count += 1
        login = None
        if getattr(session, "auth_data", None) is not None:
            login = session.auth_data.login.decode()
        line = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "data": envelope.content.decode("utf-8", "replace"),
            "status": status,
            "login": login,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
        }
        with open(self.log, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
        return REPLIES.get(status, f"{status} scripted")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--statuses", default="250")
    parser.add_argument("--user", default="")
    parser.add_argument("--password", default="")
    parser.add_argument("--cert", default="")
    parser.add_argument("--key", default="")
    parser.add_argument("--smtps", action="store_true")
    options = parser.parse_args()
    port = options.port
    if port == 0:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    statuses = [int(s) for s in options.statuses.split(",")]
    extra = {}
    if options.password:

        def authenticate(server, session, envelope, mechanism, auth_data):
            good = auth_data.login.decode() == options.user and auth_data.password.decode() == options.password
            return AuthResult(success=good, auth_data=auth_data)

        extra = {"authenticator": authenticate, "auth_required": True, "auth_require_tls": False}
    if options.cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(options.cert, options.key)
        if options.smtps:
            extra["ssl_context"] = context
        else:
            extra.update({"tls_context": context, "require_starttls": True})
    controller = Controller(Recorder(options.log, statuses), hostname="127.0.0.1", port=port, **extra)
    controller.start()
    with open(options.port_file, "w") as out:
        out.write(str(port))
    sys.stdout.flush()
    try:
        asyncio.get_event_loop().run_forever()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
