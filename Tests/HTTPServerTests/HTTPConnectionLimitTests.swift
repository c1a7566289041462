import Foundation
import HTTPServer
import TestSupport
import Testing

/// The connection count each request carries, the hard connection limit, and the idle timeout that
/// closes silent connections.
@Suite struct HTTPConnectionLimitTests {
    /// A server whose one answer is how many connections it had open.
    static func start(limit: Int, idleTimeout: Duration = .seconds(60)) throws -> HTTPServer {
        try HTTPServer(configuration: HTTPServerConfiguration(connectionLimit: limit, idleTimeout: idleTimeout)) { request in
            HTTPResponse(status: 200, body: Data("\(request.openConnections)".utf8))
        }
    }

    static func get(port: Int) -> String {
        "GET /open HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
    }

    @Test func eachRequestSaysHowManyConnectionsAreOpenAndClosesAreCounted() async throws {
        let server = try Self.start(limit: 8)
        defer { server.stop() }
        let idle = try await onThread { try (0..<3).map { _ in try RawConnection(port: server.port, timeout: .seconds(10)) } }
        let crowded = try #require(try await RawConnection.exchange(port: server.port, Self.get(port: server.port)))
        #expect(crowded.text == "4", "three silent connections and this one: \(crowded)")
        for connection in idle { connection.close() }
        // MHD notices the closes on its own threads: bounded polling until the count is back to one.
        let deadline = ContinuousClock.now + .seconds(10)
        var alone = try await RawConnection.exchange(port: server.port, Self.get(port: server.port))
        while alone?.text != "1", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            alone = try await RawConnection.exchange(port: server.port, Self.get(port: server.port))
        }
        #expect(alone?.text == "1", "\(String(describing: alone))")
    }

    @Test func aConnectionPastTheLimitIsClosedWithoutAnAnswer() async throws {
        let server = try Self.start(limit: 2)
        defer { server.stop() }
        let idle = try await onThread { try (0..<2).map { _ in try RawConnection(port: server.port, timeout: .seconds(10)) } }
        defer { for connection in idle { connection.close() } }
        let refused = try await onThread { () -> Data in
            let connection = try RawConnection(port: server.port, timeout: .seconds(10))
            defer { connection.close() }
            connection.send(Data(Self.get(port: server.port).utf8))
            return connection.receive()
        }
        #expect(refused.isEmpty, "\(String(decoding: refused, as: UTF8.self))")
    }

    @Test func aConnectionThatStopsMidRequestIsClosedAfterTheIdleTimeout() async throws {
        let server = try Self.start(limit: 4, idleTimeout: .milliseconds(500))
        defer { server.stop() }
        let outcome = try await onThread { () -> (closed: Bool, after: Duration) in
            let connection = try RawConnection(port: server.port, timeout: .seconds(10))
            defer { connection.close() }
            connection.send(Data("GET /open HTTP/1.1\r\nHost: 127".utf8))
            let start = ContinuousClock.now
            guard case .closed = connection.receiveChunk() else { return (false, start.duration(to: .now)) }
            return (true, start.duration(to: .now))
        }
        // Half a second rounds up to MHD's one-second granularity, not down to "never" (the read gives up after 10 s).
        #expect(outcome.closed, "the server kept the half-open connection for \(outcome.after)")
        #expect(outcome.after < .seconds(8), "closed after \(outcome.after)")
    }
}
