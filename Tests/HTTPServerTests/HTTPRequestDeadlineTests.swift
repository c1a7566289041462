import Foundation
import HTTPServer
import TestSupport
import Testing

/// A request must arrive whole within its deadlines (head from its first byte, body from the head),
/// however steadily it trickles: connections trickling a byte at a time are closed at the deadline and
/// the server answers again, while responses (a stream, a slow handler) and idle keep-alives are not timed.
@Suite struct HTTPRequestDeadlineTests {
    static let deadline = Duration.seconds(1)

    /// A server of `limit` connections with `deadline` (one second) for head and body and a long idle timeout: `/healthz`
    /// answers at once, `/slow` after two seconds, `/stream` sends a chunk every 300 ms for 2.4 s.
    static func start(limit: Int = 8, deadline: Duration = deadline) throws -> HTTPServer {
        var router = Router()
        router.add(.get, "/healthz") { _ in HTTPResponse(status: 200, body: Data("ok".utf8)) }
        router.add(.get, "/slow") { _ in
            try? await Task.sleep(for: .seconds(2))
            return HTTPResponse(status: 200, body: Data("slow".utf8))
        }
        router.add(.get, "/stream") { _ in
            let (producer, continuation) = AsyncStream.makeStream(of: Data.self)
            Task {
                for index in 1...8 {
                    try? await Task.sleep(for: .milliseconds(300))
                    continuation.yield(SSE.event(id: "\(index)", event: "tick", data: "\(index)"))
                }
                continuation.finish()
            }
            return SSE.response(producer)
        }
        let configuration = HTTPServerConfiguration(
            connectionLimit: limit, idleTimeout: .seconds(60), headDeadline: deadline, bodyDeadline: deadline)
        return try HTTPServer(configuration: configuration, handler: router)
    }

    static func get(_ path: String, close: Bool = true) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(close ? "Connection: close\r\n" : "")\r\n"
    }

    @Test func tricklingConnectionsThatFillTheServerAreClosedAtTheHeadDeadlineAndItAnswersAgain() async throws {
        // Three seconds, so the server is surely still full when the lockout is checked, on a busy machine too.
        let deadline = Duration.seconds(3)
        let server = try Self.start(limit: 4, deadline: deadline)
        defer { server.stop() }
        let connections = try await onThread { try (0..<4).map { _ in try RawConnection(port: server.port, timeout: .milliseconds(20)) } }
        defer { for connection in connections { connection.close() } }
        async let closedAfter = onThread { RawConnection.trickle(connections, prefix: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") }
        // While they trickle the server is full: a new connection is closed unanswered.
        try await Task.sleep(for: .milliseconds(300))
        let lockedOut = try await RawConnection.exchange(port: server.port, Self.get("/healthz"))
        #expect(lockedOut == nil, "\(String(describing: lockedOut))")
        let times = try await closedAfter
        for time in times {
            let time = try #require(time, "a trickling connection was still open after 8 s: \(times)")
            #expect(time < deadline + .seconds(4), "\(times)")
        }
        let health = try await RawConnection.exchange(port: server.port, Self.get("/healthz"))
        #expect(health?.status == 200, "\(String(describing: health))")
    }

    @Test func aTricklingBodyIsClosedAtTheBodyDeadline() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let connection = try await onThread { try RawConnection(port: server.port, timeout: .milliseconds(20)) }
        defer { connection.close() }
        let head = "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
        let times = try await onThread { RawConnection.trickle([connection], prefix: head) }
        let time = try #require(times[0], "the trickling body was still open after 8 s")
        #expect(time < Self.deadline + .seconds(4), "\(time)")
    }

    @Test func aStreamASlowAnswerAndAnIdleKeepAliveOutliveTheDeadlinesWhileATricklerIsClosed() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let trickler = try await onThread { try RawConnection(port: server.port, timeout: .milliseconds(20)) }
        defer { trickler.close() }
        async let trickled = onThread { RawConnection.trickle([trickler], prefix: "GET /healthz HTTP/1.1\r\nX-Slow: ") }
        // The stream's and the keep-alive's reads wait up to 20 s (each ends as soon as the server answers or closes):
        // a test process starved at the start of a full run must not look like a cut stream.
        async let stream = onThread { () -> String in
            let connection = try RawConnection(port: server.port, timeout: .seconds(20))
            defer { connection.close() }
            connection.send(Data(Self.get("/stream").utf8))
            return String(decoding: connection.receive(), as: UTF8.self)
        }
        async let slow = RawConnection.exchange(port: server.port, Self.get("/slow"))
        // One keep-alive connection: a request, then silence past the head deadline, then another.
        async let keptAlive = onThread { () -> [HTTPReply?] in
            let connection = try RawConnection(port: server.port, timeout: .seconds(20))
            defer { connection.close() }
            connection.send(Data(Self.get("/healthz", close: false).utf8))
            let first = connection.receiveResponse()
            Thread.sleep(forTimeInterval: 2)
            connection.send(Data(Self.get("/healthz").utf8))
            return [first, connection.receiveResponse()]
        }
        let time = try await trickled[0]
        #expect(time.map { $0 < Self.deadline + .seconds(4) } == true, "the trickler: \(String(describing: time))")
        let events = try await stream
        #expect(events.contains("data: 8\n\n"), "the stream was cut: \(events)")
        #expect(try await slow?.text == "slow")
        #expect(try await keptAlive.map { $0?.status } == [200, 200])
    }
}
