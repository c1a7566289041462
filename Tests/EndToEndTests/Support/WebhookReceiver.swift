import Foundation
import JSON
import Presentation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One request a `WebhookReceiver` got, as `Receiver/receiver.py` recorded it.
struct ReceivedWebhook: Decodable, CustomStringConvertible {
    let method: String
    let path: String
    /// Header names in lower case.
    let headers: [String: String]
    let body: String
    /// The status the receiver answered with.
    let status: Int
    /// Whether the Standard Webhooks signature matched the receiver's secret (nil without a secret).
    let verified: Bool?
    /// The receiver's view of the connection it came on, `host:port`: one per TCP connection.
    let client: String?

    var id: String { headers["webhook-id"] ?? "" }
    var timestamp: String { headers["webhook-timestamp"] ?? "" }
    var signature: String { headers["webhook-signature"] ?? "" }
    /// The body as JSON (`.null` when it is not JSON).
    var payload: JSONValue { (try? JSONCoding.decoder.decode(JSONValue.self, from: Data(body.utf8))) ?? .null }
    /// `type` of the payload, such as `presentation.pending`.
    var type: String { payload["type"]?.stringValue ?? "" }
    /// `data` of the payload.
    var data: JSONValue { payload["data"] ?? .null }
    /// The job the event is about.
    var jobID: String? { data["job"]?["id"]?.stringValue }
    /// The event's sequence (`data.sequence`): what a receiver orders by, as deliveries may arrive out of order.
    var sequence: Int { data["sequence"]?.intValue ?? -1 }
    var delivered: Bool { (200..<300).contains(status) }

    var description: String { "\(method) \(path) \(id) \(type) → \(status) verified=\(verified.map(String.init) ?? "-")" }
}

/// A scripted HTTP receiver of outgoing webhooks: `Receiver/receiver.py` run by Debian's python3 on
/// 127.0.0.1, recording every request in a JSON-lines file and answering with a status sequence.
final class WebhookReceiver: @unchecked Sendable {  // used from one test at a time
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Receiver/receiver.py")

    let name: String
    let port: Int
    /// Where requests are recorded; a receiver started with the same `log` appends to it.
    let log: URL
    private let process: ProcessHandle
    private let sandbox: Sandbox

    /// The URL to configure as the webhook endpoint.
    var url: String { "http://127.0.0.1:\(port)/hooks/\(name)" }

    /// Starts a receiver answering `statuses` (comma-separated, one per request, the last repeating),
    /// verifying signatures with `secret`; `port` 0 picks a free one. Non-2xx answers carry
    /// `Retry-After: retryAfter`, 3xx ones `Location: location`. Returns once it listens.
    init(
        _ sandbox: Sandbox, name: String, statuses: String = "200", secret: String? = nil, port: Int = 0,
        retryAfter: String? = nil, location: String? = nil, log: URL? = nil
    ) async throws {
        self.sandbox = sandbox
        self.name = name
        self.log = log ?? sandbox.logs.appendingPathComponent("\(name).requests.jsonl")
        let portFile = sandbox.logs.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8)).port")
        var arguments = [Self.script.path, "--port", String(port), "--port-file", portFile.path, "--log", self.log.path, "--statuses", statuses]
        if let retryAfter { arguments += ["--retry-after", retryAfter] }
        if let location { arguments += ["--location", location] }
        var environment = ProcessInfo.processInfo.environment
        environment["RECEIVER_SECRET"] = secret ?? ""
        let process = try ProcessHandle(
            name: "receiver-\(name)", executable: Self.python, arguments: arguments, environment: environment,
            directory: sandbox.root, logs: sandbox.logs)
        self.process = process
        do {
            self.port = try await sandbox.eventually("the receiver \(name) to listen", timeout: .seconds(10)) { () throws -> Int? in
                if let ended = process.termination { throw EndToEndFailure("the receiver exited at start (\(ended)):\n\(process.tail())") }
                return (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            }
        } catch {
            process.kill()
            throw error
        }
    }

    /// Whether `/usr/bin/python3` and the script are there.
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python.path) && FileManager.default.fileExists(atPath: script.path)
    }

    /// Every request recorded in the log so far, in arrival order (a partly written last line is left out).
    func requests() throws -> [ReceivedWebhook] {
        guard let data = FileManager.default.contents(atPath: log.path) else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a line still being written
        return try lines.filter { !$0.isEmpty }.map { line in
            do {
                return try JSONDecoder().decode(ReceivedWebhook.self, from: Data(line.utf8))
            } catch {
                throw EndToEndFailure("the receiver log \(log.path) has a bad line \(line): \(error)")
            }
        }
    }

    /// Polls the log until `probe` returns a value; fails after `timeout` with the log and the processes' stderr.
    func waitFor<T>(_ what: String, timeout: Duration = .seconds(15), _ probe: ([ReceivedWebhook]) throws -> T?) async throws -> T {
        var last: [ReceivedWebhook] = []
        do {
            return try await sandbox.eventually(what, timeout: timeout) {
                last = try requests()
                return try probe(last)
            }
        } catch {
            throw EndToEndFailure("\(error)\nreceiver \(name) got:\n\(last.map { "  \($0)" }.joined(separator: "\n"))\n\(sandbox.diagnostics())")
        }
    }

    /// Stops the receiver (SIGKILL: it is "down" at once) and waits until it is reaped.
    func stop() {
        process.kill()
    }
}

/// One entry of `GET /v1/webhooks/deliveries` (this target cannot import the gateway's `WebhookDelivery`).
struct DeliveryRecord: Decodable, CustomStringConvertible {
    let id: String
    let url: String
    let eventType: String
    let sequence: Int64
    let state: String
    let attempts: Int
    let nextAttemptAt: Date?
    let lastStatus: Int?
    let lastError: String?

    var description: String {
        "\(id) \(eventType) \(state) attempts=\(attempts) last=\(lastStatus.map(String.init) ?? "-") \(lastError ?? "")"
    }
}

extension Sandbox {
    /// `GET /v1/webhooks/deliveries[?state=…]` (at most 500, newest first).
    func deliveries(state: String? = nil) async throws -> [DeliveryRecord] {
        let reply = try await api().get("/v1/webhooks/deliveries?limit=500" + (state.map { "&state=\($0)" } ?? ""))
        guard reply.status == 200 else { throw EndToEndFailure("GET /v1/webhooks/deliveries: \(reply)") }
        struct Page: Decodable { let deliveries: [DeliveryRecord] }
        return try reply.decode(Page.self).deliveries
    }

    /// Polls the outbox until `probe` returns a value; fails after `timeout` with the outbox and the processes' stderr.
    func waitForDeliveries<T>(_ what: String, timeout: Duration = .seconds(15), _ probe: ([DeliveryRecord]) throws -> T?) async throws -> T {
        var last: [DeliveryRecord] = []
        do {
            return try await eventually(what, timeout: timeout) {
                last = try await deliveries()
                return try probe(last)
            }
        } catch {
            throw EndToEndFailure("\(error)\noutbox:\n\(last.map { "  \($0)" }.joined(separator: "\n"))\n\(diagnostics())")
        }
    }
}
