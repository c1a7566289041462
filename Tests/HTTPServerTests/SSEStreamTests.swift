import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct SSEStreamTests {
    /// A server whose `/events` stream sends two events and then stays open until cancelled.
    static func start(terminated: Signal) throws -> HTTPServer {
        var router = Router()
        router.add(.get, "/events") { _ in
            let (producer, continuation) = AsyncStream.makeStream(of: Data.self)
            continuation.onTermination = { _ in terminated.fire() }
            continuation.yield(SSE.event(id: "1", event: "step", data: "first"))
            continuation.yield(SSE.event(id: "2", event: "step", data: "second"))
            return SSE.response(producer)
        }
        return try HTTPServer(handler: router)
    }

    static let request = Data("GET /events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n".utf8)

    @Test func anSSEStreamDeliversTwoEventsInOrderAndEndsWhenTheClientLeaves() async throws {
        let terminated = Signal()
        let server = try Self.start(terminated: terminated)
        defer { server.stop() }
        let text = try await onThread { () -> String in
            let connection = try RawConnection(port: server.port)
            connection.send(Self.request)
            let received = connection.receive { String(decoding: $0, as: UTF8.self).contains("data: second\n\n") }
            connection.close()
            return String(decoding: received, as: UTF8.self)
        }
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.lowercased().contains("content-type: text/event-stream"))
        let first = try #require(text.range(of: "id: 1\nevent: step\ndata: first\n\n"))
        let second = try #require(text.range(of: "id: 2\nevent: step\ndata: second\n\n"))
        #expect(first.upperBound <= second.lowerBound)
        try await terminated.wait()
    }

    @Test func stopReturnsPromptlyWithAnOpenSSEClientAndEndsItsStream() async throws {
        let terminated = Signal()
        let server = try Self.start(terminated: terminated)
        let connection = try await onThread { () -> RawConnection in
            let connection = try RawConnection(port: server.port)
            connection.send(Self.request)
            _ = connection.receive { String(decoding: $0, as: UTF8.self).contains("data: second\n\n") }
            return connection
        }
        defer { connection.close() }
        try await withTimeout { await server.stopped() }
        try await terminated.wait()
        let rest = try await onThread { connection.receive() }
        #expect(!String(decoding: rest, as: UTF8.self).contains("data:"))
    }
}
