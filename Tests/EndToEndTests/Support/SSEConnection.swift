import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One message of an event stream.
struct SSEMessage: Equatable, CustomStringConvertible {
    let id: String?
    let event: String?
    let data: String
    var description: String { "\(id ?? "-") \(event ?? "-")" }
}

/// A plain TCP client of `GET /v1/events`: HTTP/1.0, so the body arrives as written (no chunk framing)
/// and the connection closes when either side is done. Blocking reads run on a thread of their own.
final class SSEConnection: @unchecked Sendable {  // the descriptor is used by one read at a time, as the tests do
    private let descriptor: Int32
    private var buffer = Data()
    private(set) var status = 0

    /// Connects to 127.0.0.1:`port` and sends the request for `target` with `headers`.
    init(port: Int, target: String, headers: [String: String] = [:]) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw EndToEndFailure("socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw EndToEndFailure("connect to port \(port): errno \(errno)")
        }
        var request = "GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        let bytes = Array((request + "\r\n").utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            Glibc.close(descriptor)
            throw EndToEndFailure("could not send the request")
        }
    }

    /// The first `count` messages since the connection opened (comments skipped), reading until they have
    /// arrived; fails after `timeout`.
    func messages(_ count: Int, timeout: Duration = .seconds(15)) async throws -> [SSEMessage] {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.read(count, timeout: timeout) }) }.start()
        }
    }

    /// Waits for the gateway's opening comment, `: events after <sequence>`: from then on nothing is missed.
    func opened(timeout: Duration = .seconds(15)) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                continuation.resume(with: Result {
                    try self.read(until: { String(decoding: $0, as: UTF8.self).contains(": events after ") }, timeout: timeout) {
                        "no opening comment within \(timeout)"
                    }
                })
            }.start()
        }
    }

    private func read(_ count: Int, timeout: Duration) throws -> [SSEMessage] {
        try read(until: { _ in self.parse().count >= count }, timeout: timeout) {
            "only \(self.parse().count) of \(count) events within \(timeout): \(self.parse())"
        }
        return Array(parse().prefix(count))
    }

    private func read(until done: (Data) -> Bool, timeout: Duration, failure: () -> String) throws {
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if done(buffer) { return }
            guard ContinuousClock.now < deadline else { throw EndToEndFailure(failure()) }
            let received = recv(descriptor, &chunk, chunk.count, 0)
            if received == 0 { throw EndToEndFailure("the stream closed: \(failure())") }
            if received > 0 { buffer.append(contentsOf: chunk[0..<received]) }
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
        Glibc.close(descriptor)
    }
}
