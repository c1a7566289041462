import Foundation
import TestSupport

/// One message of an event stream.
struct SSEMessage: Equatable, CustomStringConvertible {
    let id: String?
    let event: String?
    let data: String
    var description: String { "\(id ?? "-") \(event ?? "-")" }
}

/// A plain TCP client of `GET /v1/events`: HTTP/1.0, so the body arrives as written (no chunk framing)
/// and the connection closes when either side is done. Blocking reads run on a thread of their own.
final class SSEConnection: @unchecked Sendable {  // the connection is used by one read at a time, as the tests do
    private let connection: RawConnection
    private let port: Int
    private var buffer = Data()
    private(set) var status = 0

    /// Connects to 127.0.0.1:`port` and sends the request for `target` with `headers`.
    init(port: Int, target: String, headers: [String: String] = [:]) throws {
        connection = try RawConnection(port: port, timeout: .milliseconds(200))
        self.port = port
        var request = "GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        guard connection.send(Data((request + "\r\n").utf8)) else {
            connection.close()
            throw EndToEndFailure("could not send the request")
        }
    }

    /// The first `count` messages since the connection opened (comments skipped), reading until they have
    /// arrived; fails after `timeout`. Each event is checked against the gateway's `Event` schema.
    func messages(_ count: Int, timeout: Duration = .seconds(15)) async throws -> [SSEMessage] {
        let messages = try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.read(count, timeout: timeout) }) }.start()
        }
        for message in messages { await GatewayConformance.check(port: port, event: Data(message.data.utf8)) }
        return messages
    }

    /// Waits for the gateway's opening comment, `: events after <sequence>`: from then on nothing is missed.
    func opened(timeout: Duration = .seconds(15)) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                continuation.resume(
                    with: Result {
                        try self.read(until: { String(decoding: $0, as: UTF8.self).contains(": events after ") }, timeout: timeout) {
                            "no opening comment within \(timeout)"
                        }
                    })
            }.start()
        }
    }

    /// Reads until the gateway closes the stream; fails if it is still open after `timeout`.
    func ended(timeout: Duration = .seconds(10)) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                continuation.resume(
                    with: Result {
                        let deadline = ContinuousClock.now + timeout
                        while ContinuousClock.now < deadline {
                            switch self.connection.receiveChunk() {
                            case .data(let data): self.buffer.append(data)
                            case .timedOut: continue
                            case .closed: return
                            }
                        }
                        throw EndToEndFailure("the stream was still open after \(timeout)")
                    })
            }.start()
        }
    }

    private func read(_ count: Int, timeout: Duration) throws -> [SSEMessage] {
        try read(
            until: { _ in self.parse().count >= count }, timeout: timeout,
            failure: { "only \(self.parse().count) of \(count) events within \(timeout): \(self.parse())" })
        return Array(parse().prefix(count))
    }

    private func read(until done: (Data) -> Bool, timeout: Duration, failure: () -> String) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if done(buffer) { return }
            guard ContinuousClock.now < deadline else { throw EndToEndFailure(failure()) }
            switch connection.receiveChunk() {
            case .data(let data): buffer.append(data)
            case .timedOut: continue
            case .closed: throw EndToEndFailure("the stream closed: \(failure())")
            }
        }
    }

    /// The complete messages so far.
    private func parse() -> [SSEMessage] {
        let text = String(decoding: buffer, as: UTF8.self)
        guard let headerEnd = text.range(of: "\r\n\r\n") else { return [] }
        status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        var blocks = text[headerEnd.upperBound...].components(separatedBy: "\n\n")
        blocks.removeLast()  // incomplete (or empty) after the last blank line
        return blocks.compactMap { block in
            var id: String?
            var event: String?
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix(":") {
                if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            return data.isEmpty && id == nil ? nil : SSEMessage(id: id, event: event, data: data.joined(separator: "\n"))
        }
    }

    func close() {
        connection.close()
    }
}
