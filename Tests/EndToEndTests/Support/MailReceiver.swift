import Foundation
import TestSupport

/// One message the SMTP server got, as `Receiver/smtp_server.py` recorded it.
struct ReceivedMail: Decodable, CustomStringConvertible {
    let mailFrom: String
    let recipients: [String]
    /// The whole message, headers and body, CRLF lines.
    let data: String
    /// The reply code the server answered the message with.
    let status: Int
    /// Who logged in with AUTH, nil without.
    let login: String?
    /// Whether the message came over TLS (after STARTTLS).
    let tls: Bool

    var accepted: Bool { status == 250 }

    private enum CodingKeys: String, CodingKey {
        case mailFrom = "mail_from"
        case recipients = "rcpt_tos"
        case data, status, login, tls
    }

    /// The value of header `name` (unfolded), nil when absent.
    func header(_ name: String) -> String? {
        let head = data.components(separatedBy: "\r\n\r\n").first ?? ""
        let unfolded = head.replacingOccurrences(of: "\r\n ", with: " ")
        return unfolded.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }.map {
            String($0.dropFirst(name.count + 2))
        }
    }

    /// The decoded text of the part of `type` (`text/plain`, `text/html`).
    func part(_ type: String) -> String? {
        guard let start = data.range(of: "Content-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n") else { return nil }
        let rest = data[start.upperBound...]
        let body = rest[..<(rest.range(of: "\r\n--")?.lowerBound ?? rest.endIndex)].replacingOccurrences(of: "\r\n", with: "")
        return Data(base64Encoded: body).map { String(decoding: $0, as: UTF8.self) }
    }

    var description: String { "\(recipients) \(header("Subject") ?? "?") → \(status)" }
}

/// A real SMTP server on loopback: aiosmtpd (from PyPI, in `.build/smtp-venv`, made once per change of
/// `Receiver/smtp-requirements.txt`) running `Receiver/smtp_server.py`, recording what it gets.
final class MailReceiver: @unchecked Sendable {  // used from one test at a time
    static let receiver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Receiver")
    static let script = receiver.appendingPathComponent("smtp_server.py")
    static let requirements = receiver.appendingPathComponent("smtp-requirements.txt")
    static let venv = RepositoryFolder.root.appendingPathComponent(".build/smtp-venv")
    static let python = venv.appendingPathComponent("bin/python")
    static let installed = venv.appendingPathComponent("installed-requirements.txt")

    let port: Int
    let log: URL
    private let process: ProcessHandle
    private let sandbox: Sandbox

    /// `smtp://127.0.0.1:<port>`, or `smtps://` for a server that speaks TLS from the first byte.
    var url: String { "\(smtps ? "smtps" : "smtp")://127.0.0.1:\(port)" }
    private let smtps: Bool

    /// Whether the environment is ready, or PyPI can be reached to make it.
    static func canRun() async -> Bool {
        if isInstalled { return true }
        let probe = "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/', timeout=10)"
        guard let (status, _) = try? await ChildCommand.run("/usr/bin/env", ["python3", "-c", probe], timeout: .seconds(20)) else { return true }
        return status == 0
    }

    private static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: python.path) && FileManager.default.contentsEqual(atPath: requirements.path, andPath: installed.path)
    }

    /// Makes the virtual environment when it is not ready.
    static func prepare() async throws {
        if isInstalled { return }
        try? FileManager.default.removeItem(at: venv)
        let made = try await ChildCommand.run("/usr/bin/env", ["python3", "-m", "venv", venv.path], timeout: .seconds(120))
        guard made.status == 0 else { throw EndToEndFailure("python3 -m venv failed (is python3-venv installed? scripts/install-deps.sh): \(made.output)") }
        let pip = venv.appendingPathComponent("bin/pip").path
        let install = try await ChildCommand.run(pip, ["install", "-q", "--disable-pip-version-check", "-r", requirements.path], timeout: .seconds(300))
        guard install.status == 0 else { throw EndToEndFailure("pip could not install \(requirements.path): \(install.output)") }
        try FileManager.default.copyItem(at: requirements, to: installed)
    }

    /// Starts the server answering `statuses` (one per message, the last repeating) on `port` (0: a free
    /// one), requiring AUTH as `user` with `password` when given, and STARTTLS with `certificate` (a
    /// `cert.pem` and `key.pem` folder) when given, or TLS from the first byte with `smtps`; returns once it listens.
    init(
        _ sandbox: Sandbox, statuses: String = "250", port: Int = 0, user: String = "", password: String = "", certificate: URL? = nil,
        smtps: Bool = false, log: URL? = nil
    ) async throws {
        try await Self.prepare()
        self.sandbox = sandbox
        self.smtps = smtps
        self.log = log ?? sandbox.logs.appendingPathComponent("smtp-\(UUID().uuidString.prefix(8)).jsonl")
        let portFile = sandbox.logs.appendingPathComponent("smtp-\(UUID().uuidString.prefix(8)).port")
        var arguments = [Self.script.path, "--port", String(port), "--port-file", portFile.path, "--log", self.log.path, "--statuses", statuses]
        if !password.isEmpty { arguments += ["--user", user, "--password", password] }
        if let certificate {
            arguments += ["--cert", certificate.appendingPathComponent("cert.pem").path, "--key", certificate.appendingPathComponent("key.pem").path]
            if smtps { arguments.append("--smtps") }
        }
        let process = try ProcessHandle(
            name: "smtp", executable: Self.python, arguments: arguments, environment: ProcessInfo.processInfo.environment, directory: sandbox.root,
            logs: sandbox.logs)
        self.process = process
        do {
            self.port = try await sandbox.eventually("the SMTP server to listen", timeout: .seconds(20)) { () throws -> Int? in
                if let ended = process.termination { throw EndToEndFailure("the SMTP server exited at start (\(ended)):\n\(process.tail())") }
                return (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            }
        } catch {
            process.kill()
            throw error
        }
    }

    /// Every message recorded so far, in arrival order.
    func mails() throws -> [ReceivedMail] {
        guard let data = FileManager.default.contents(atPath: log.path) else { return [] }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a line still being written
        return try lines.filter { !$0.isEmpty }.map { try JSONDecoder().decode(ReceivedMail.self, from: Data($0.utf8)) }
    }

    /// Polls what was received until `probe` returns a value; fails after `timeout` saying what came.
    func waitFor<T>(_ what: String, timeout: Duration = .seconds(20), _ probe: ([ReceivedMail]) throws -> T?) async throws -> T {
        var last: [ReceivedMail] = []
        do {
            return try await sandbox.eventually(what, timeout: timeout) {
                last = try mails()
                return try probe(last)
            }
        } catch {
            throw EndToEndFailure("\(error)\nthe SMTP server got:\n\(last.map { "  \($0)" }.joined(separator: "\n"))\n\(sandbox.diagnostics())")
        }
    }

    /// Stops the server (SIGKILL: it is down at once).
    func stop() {
        process.kill()
    }
}
