import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Questions mailed through a real SMTP server on loopback (aiosmtpd), with broker, worker and gateway processes.
    @Suite(
        "Email", .serialized,
        .enabled(Comment(rawValue: "PyPI (pypi.org) is unreachable, and the SMTP server is aiosmtpd from it")) { await MailReceiver.canRun() })
    struct Email {
        /// The settings of a gateway that mails through `url`, people from the sandbox's people file.
        static func mailSettings(_ sandbox: Sandbox, url: String, extra: [String: String] = [:]) throws -> [String: String] {
            let people = sandbox.root.appendingPathComponent("people.json")
            try Data(#"{"people": {"ana": {"email": "ana@example.com", "language": "es"}, "luis": {"email": "luis@example.com"}}}"#.utf8).write(to: people)
            return [
                "INTERLUDE_MAIL_URL": url, "INTERLUDE_MAIL_SECURITY": "none", "INTERLUDE_MAIL_FROM": "interlude@example.com",
                "INTERLUDE_PEOPLE_FILE": people.path, "INTERLUDE_MAIL_BACKOFF_MS": "300",
            ].merging(extra) { _, new in new }
        }

        /// Broker, worker, and a gateway with a link key and `settings`.
        static func start(_ sandbox: Sandbox, gateway settings: [String: String]) async throws {
            try FileManager.default.createDirectory(at: sandbox.data, withIntermediateDirectories: true)
            let keygen = try await sandbox.cli("keygen", "--link-key")
            guard keygen.status == 0 else { throw EndToEndFailure("keygen --link-key: \(keygen)") }
            try await sandbox.startAll(gateway: settings)
        }

        /// Submits removeDownload for `person`; returns the job and its question.
        static func ask(_ sandbox: Sandbox, for person: String) async throws -> (job: String, question: Presentation) {
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--for", person)
            guard submitted.status == 0 else { throw EndToEndFailure("submit: \(submitted)") }
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return (job, try await sandbox.question(of: job))
        }

        /// The URL on the line `label: URL` of a mail's plain text.
        static func link(_ label: String, in text: String) throws -> String {
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("\(label): http") }, "no \(label) link in:\n\(text)")
            return String(line.dropFirst(label.count + 2))
        }

        @Test(
            "ana gets the question in Spanish with a link per action over SMTP with AUTH; its GET answers nothing, its form answers as ana, the job succeeds, and she is told how it ended"
        )
        func aMailedLinkAnswersTheQuestion() async throws {
            let sandbox = try Sandbox("mail")
            defer { sandbox.shutdown() }
            let password = "pw-\(UUID().uuidString.prefix(8))"
            let smtp = try await MailReceiver(sandbox, user: "mailer", password: password)
            defer { smtp.stop() }
            let passwordFile = sandbox.root.appendingPathComponent("smtp.password")
            try Data((password + "\n").utf8).write(to: passwordFile)
            try await Self.start(
                sandbox,
                gateway: try Self.mailSettings(
                    sandbox, url: smtp.url, extra: ["INTERLUDE_MAIL_USER": "mailer", "INTERLUDE_MAIL_PASSWORD_FILE": passwordFile.path]))
            let (job, question) = try await Self.ask(sandbox, for: "ana")

            let mail = try await smtp.waitFor("ana's mail") { $0.first }
            #expect(mail.accepted && mail.login == "mailer" && mail.recipients == ["ana@example.com"] && mail.mailFrom == "interlude@example.com", "\(mail)")
            #expect(mail.header("From") == "Interlude <interlude@example.com>" && mail.header("To") == "ana@example.com")
            #expect(
                mail.header("Subject") == "=?UTF-8?B?\(Data("Eliminar descarga".utf8).base64EncodedString())?=" || mail.header("Subject") == "Eliminar descarga"
            )
            #expect(mail.header("MIME-Version") == "1.0" && mail.header("Content-Type")?.hasPrefix("multipart/alternative; boundary=") == true)
            let date = try #require(mail.header("Date"))
            #expect(date.wholeMatch(of: /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000/) != nil, "\(date)")
            let text = try #require(mail.part("text/plain")).replacingOccurrences(of: "\r\n", with: "\n")
            #expect(text.hasPrefix("Eliminar descarga\n\nBlue in Green dejará de estar disponible sin conexión.\n\nUn trabajo espera tu respuesta."), "\(text)")
            #expect(try #require(mail.part("text/html")).contains(">Eliminar</a>"))
            #expect(!sandbox.processes.contains { $0.stderr.contains(password) || $0.stdout.contains(password) }, "the password is never logged")

            let remove = try Self.link("Eliminar", in: text)
            _ = try Self.link("Cancelar", in: text)
            let path = String(try #require(URLComponents(string: remove)).path)
            #expect(path.hasPrefix("/answer/\(question.id)/"), "\(remove)")
            let api = sandbox.api()
            let shown = try await api.get(path)
            #expect(shown.status == 200 && String(decoding: shown.body, as: UTF8.self).contains("Answering as ana"), "\(shown)")
            #expect(try await sandbox.status(job).presentation?.id == question.id, "a GET answers nothing")
            let form = ["Content-Type": "application/x-www-form-urlencoded", "Origin": sandbox.gatewayURL]
            let answered = try await api.send("POST", path, body: Data("action=remove".utf8), headers: form)
            #expect(answered.status == 200, "\(answered)")
            let ended = try await sandbox.waitForEnd(of: job)
            #expect(ended.state == .succeeded && ended.outcome?.action == "remove", "\(ended)")

            let resolved = try await smtp.waitFor("the resolution's mail") { $0.count >= 2 ? $0[1] : nil }
            let told = try #require(resolved.part("text/plain"))
            #expect(told.contains("ana eligió «Eliminar» (link)."), "\(told)")
            #expect(resolved.header("In-Reply-To") == mail.header("Message-ID"))
            // The server's 250 comes just before the outbox records it: wait for the record.
            _ = try await sandbox.eventually("interlude status to count both mails sent", timeout: .seconds(10)) { () async throws -> Bool? in
                try await sandbox.cli("status").stdout.contains("mail: 2 sent, 0 pending, 0 dead-lettered") ? true : nil
            }
        }

        @Test(
            "A mail the server is down for, then refuses for now, is retried until accepted; a restarted gateway sends what came meanwhile and nothing twice; a mail refused to the last attempt is dead-lettered and shown by interlude status"
        )
        func retriesRestartAndDeadLetters() async throws {
            let sandbox = try Sandbox("mail-retry")
            defer { sandbox.shutdown() }
            let port = try FreePort.find()
            let settings = try Self.mailSettings(sandbox, url: "smtp://127.0.0.1:\(port)", extra: ["INTERLUDE_MAIL_MAX_ATTEMPTS": "8"])
            try await Self.start(sandbox, gateway: settings)
            let first = try await Self.ask(sandbox, for: "ana")
            _ = try await sandbox.eventually("a failed attempt while the server is down", timeout: .seconds(20)) {
                String(decoding: try await sandbox.api().get("/metrics").body, as: UTF8.self).contains(#"interlude_mail_attempts_total{result="failed"} 0"#)
                    ? nil : true
            }
            let log = sandbox.logs.appendingPathComponent("smtp-retry.jsonl")
            let refusing = try await MailReceiver(sandbox, statuses: "451,250", port: port, log: log)
            let accepted = try await refusing.waitFor("the mail accepted after a 451", timeout: .seconds(60)) { mails in
                mails.contains { $0.accepted } ? mails : nil
            }
            #expect(accepted.map(\.status) == [451, 250] && accepted.allSatisfy { $0.part("text/plain")?.contains(first.job) == true }, "\(accepted)")

            let gateway = try #require(sandbox.processes.last { $0.name == "gateway" })
            gateway.terminate()
            #expect(await gateway.exit(within: .seconds(15)) != nil, "the gateway stops on SIGTERM")
            let meanwhile = try await Self.ask(sandbox, for: "luis")
            try await sandbox.startGateway(name: "gateway2", environment: settings.merging(["INTERLUDE_MAIL_MAX_ATTEMPTS": "2"]) { _, new in new })
            let after = try await refusing.waitFor("luis's mail from the restarted gateway", timeout: .seconds(30)) { mails in
                mails.contains { $0.part("text/plain")?.contains(meanwhile.job) == true } ? mails : nil
            }
            #expect(after.filter { $0.accepted && $0.part("text/plain")?.contains(first.job) == true }.count == 1, "nothing is sent twice: \(after)")
            #expect(after.last?.recipients == ["luis@example.com"] && after.last?.header("Subject") == "Remove download")

            refusing.stop()
            let rejecting = try await MailReceiver(sandbox, statuses: "550", port: port, log: log)
            defer { rejecting.stop() }
            let refused = try await Self.ask(sandbox, for: "ana")
            let status = try await sandbox.eventually("the dead letter in interlude status", timeout: .seconds(30)) { () async throws -> String? in
                let printed = try await sandbox.cli("status").stdout
                return printed.contains("1 dead-lettered") ? printed : nil
            }
            #expect(status.contains("dead letter ") && status.contains("to ana: the mail server refused the message (server replied 550)"), "\(status)")
            #expect(try rejecting.mails().filter { $0.part("text/plain")?.contains(refused.job) == true }.map(\.status) == [550, 550])
        }

        @Test(
            "With STARTTLS required a server that does not offer it gets nothing and the mail is dead-lettered saying TLS failed; one that offers it, with a certificate mailCaFile trusts, gets the mail over TLS"
        )
        func startTLSIsRequired() async throws {
            let sandbox = try Sandbox("mail-tls")
            defer { sandbox.shutdown() }
            let plain = try await MailReceiver(sandbox)
            let certificates = sandbox.root.appendingPathComponent("tls", isDirectory: true)
            try FileManager.default.createDirectory(at: certificates, withIntermediateDirectories: true)
            try await TLSInFront.Proxy.certificates(in: sandbox.root, tls: certificates)
            let settings = try Self.mailSettings(
                sandbox, url: plain.url,
                extra: [
                    "INTERLUDE_MAIL_SECURITY": "starttls", "INTERLUDE_MAIL_MAX_ATTEMPTS": "1",
                    "INTERLUDE_MAIL_CA_FILE": sandbox.root.appendingPathComponent("ca.pem").path,
                ])
            try await Self.start(sandbox, gateway: settings)
            _ = try await Self.ask(sandbox, for: "luis")
            let status = try await sandbox.eventually("the dead letter in interlude status", timeout: .seconds(30)) { () async throws -> String? in
                let printed = try await sandbox.cli("status").stdout
                return printed.contains("1 dead-lettered") ? printed : nil
            }
            #expect(status.contains("to luis: TLS with the mail server failed"), "\(status)")
            #expect(try plain.mails().isEmpty, "nothing is sent in the clear")
            plain.stop()

            let secure = try await MailReceiver(sandbox, certificate: certificates)
            defer { secure.stop() }
            let gateway = try #require(sandbox.processes.last { $0.name == "gateway" })
            gateway.terminate()
            #expect(await gateway.exit(within: .seconds(15)) != nil, "the gateway stops on SIGTERM")
            try await sandbox.startGateway(name: "gateway2", environment: settings.merging(["INTERLUDE_MAIL_URL": secure.url]) { _, new in new })
            let (job, _) = try await Self.ask(sandbox, for: "luis")
            let mail = try await secure.waitFor("luis's mail over TLS") { mails in mails.first { $0.part("text/plain")?.contains(job) == true } }
            #expect(mail.accepted && mail.tls, "\(mail)")
        }

        @Test("Over smtps:// the mail goes over TLS from the first byte, to a server whose certificate mailCaFile trusts")
        func smtpsIsTLSThroughout() async throws {
            let sandbox = try Sandbox("mail-smtps")
            defer { sandbox.shutdown() }
            let certificates = sandbox.root.appendingPathComponent("tls", isDirectory: true)
            try FileManager.default.createDirectory(at: certificates, withIntermediateDirectories: true)
            try await TLSInFront.Proxy.certificates(in: sandbox.root, tls: certificates)
            let secure = try await MailReceiver(sandbox, certificate: certificates, smtps: true)
            defer { secure.stop() }
            #expect(secure.url.hasPrefix("smtps://"))
            try await Self.start(
                sandbox,
                gateway: try Self.mailSettings(sandbox, url: secure.url, extra: ["INTERLUDE_MAIL_CA_FILE": sandbox.root.appendingPathComponent("ca.pem").path]))
            let (job, _) = try await Self.ask(sandbox, for: "luis")
            let mail = try await secure.waitFor("luis's mail over smtps") { mails in mails.first { $0.part("text/plain")?.contains(job) == true } }
            #expect(mail.accepted && mail.tls, "\(mail)")
        }
    }
}
