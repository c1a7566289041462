import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Heads whose framing a proxy in front and this server could read differently are refused with one
/// JSON 400 and the connection closed, so nothing sent behind them runs as a hidden second request.
@Suite struct HTTPFramingTests {
    /// The paths the handler ran, in order.
    final class Ran: Sendable {
        let paths = Mutex<[String]>([])
    }

    /// A server that answers `/first` with 404 and any other path with 200, recording each path it ran.
    static func start(_ ran: Ran) throws -> HTTPServer {
        try HTTPServer { request in
            ran.paths.withLock { $0.append(request.path) }
            return request.path == "/first" ? .error(404, code: "notFound", message: "No such thing.") : HTTPResponse(status: 200)
        }
    }

    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// A POST to `/first` with `fields` and the smuggled request as its body (or what follows it).
    static func request(_ fields: String, body: String = smuggled) -> String {
        "POST /first HTTP/1.1\r\nContent-Type: application/json\r\n" + fields + "\r\n" + body
    }

    static let length = smuggled.utf8.count

    static let ambiguous: [(String, String, String)] = [
        ("differing Content-Lengths", request("Host: 127.0.0.1\r\nContent-Length: 0\r\nContent-Length: \(length)\r\n"), "badContentLength"),
        ("identical Content-Lengths", request("Host: 127.0.0.1\r\nContent-Length: \(length)\r\nContent-Length: \(length)\r\n"), "badContentLength"),
        ("a space before the colon", request("Host: 127.0.0.1\r\nContent-Length : \(length)\r\n"), "malformedRequest"),
        (
            "Transfer-Encoding with Content-Length",
            request("Host: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: \(length)\r\n", body: "0\r\n\r\n" + smuggled), "badTransferEncoding"
        ),
        ("chunked, identity", request("Host: 127.0.0.1\r\nTransfer-Encoding: chunked, identity\r\n", body: "0\r\n\r\n" + smuggled), "badTransferEncoding"),
        ("xchunked", request("Host: 127.0.0.1\r\nTransfer-Encoding: xchunked\r\n", body: "0\r\n\r\n" + smuggled), "badTransferEncoding"),
        ("two Host fields", request("Host: 127.0.0.1\r\nHost: evil.example\r\nContent-Length: 0\r\n"), "badHost"),
        ("a Host with junk after the port", request("Host: 127.0.0.1:8080 evil\r\nContent-Length: 0\r\n"), "badHost"),
    ]

    @Test(arguments: ambiguous)
    func anAmbiguousHeadGetsOneJSON400AndNothingSentBehindItRuns(_ name: String, _ raw: String, _ code: String) async throws {
        let ran = Ran()
        let server = try Self.start(ran)
        defer { server.stop() }
        let (received, closed) = try await onThread { () -> (Data, Bool) in
            let connection = try RawConnection(port: server.port, timeout: .seconds(3))
            defer { connection.close() }
            connection.send(Data(raw.utf8))
            var received = Data()
            while true {
                switch connection.receiveChunk() {
                case .data(let data): received.append(data)
                case .closed: return (received, true)
                case .timedOut: return (received, false)
                }
            }
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.components(separatedBy: "HTTP/1.").count - 1 == 1, "\(name): \(text)")
        let reply = try #require(HTTPReply(raw: received), "\(name): no response")
        #expect(reply.status == 400, "\(name): \(reply)")
        #expect(reply.errorCode == code, "\(name): \(reply)")
        #expect(reply.header("Content-Type") == "application/json", "\(name)")
        #expect(reply.header("Connection")?.lowercased() == "close", "\(name)")
        #expect(closed, "\(name): the connection stayed open")
        #expect(ran.paths.withLock { $0 }.isEmpty, "\(name): the handler ran \(ran.paths.withLock { $0 })")
    }

    @Test(arguments: [
        ("Content-Length", request("Host: 127.0.0.1:8080\r\nContent-Length: \(length)\r\n")),
        ("chunked", request("Host: localhost\r\nTransfer-Encoding: Chunked\r\n", body: "\(String(length, radix: 16))\r\n\(smuggled)\r\n0\r\n\r\n")),
        ("IPv6 Host", request("Host: [::1]:8080\r\nContent-Length: 0\r\n", body: "")),
    ])
    func aWellFramedRequestIsServedWithItsBody(_ name: String, _ raw: String) async throws {
        let ran = Ran()
        let server = try Self.start(ran)
        defer { server.stop() }
        let reply = try #require(try await RawConnection.exchange(port: server.port, raw), "\(name)")
        #expect(reply.status == 404, "\(name): \(reply)")
        #expect(ran.paths.withLock { $0 } == ["/first"], "\(name)")
    }
}
