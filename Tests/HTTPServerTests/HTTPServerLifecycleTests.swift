import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerLifecycleTests {
    @Test func aStreamWhoseProducerFinishesEndsTheResponseCleanly() async throws {
        let server = try HTTPServer { _ in
            let (producer, continuation) = AsyncStream.makeStream(of: Data.self)
            continuation.yield(SSE.event(data: "only"))
            continuation.finish()
            return SSE.response(producer)
        }
        defer { server.stop() }
        let text = try await onThread { () -> String in
            let connection = try RawConnection(port: server.port)
            defer { connection.close() }
            connection.send(Data("GET /once HTTP/1.1\r\nHost: test\r\n\r\n".utf8))
            return String(decoding: connection.receive { $0.suffix(5) == Data("0\r\n\r\n".utf8) }, as: UTF8.self)
        }
        #expect(text.contains("data: only\n\n"))
        #expect(text.hasSuffix("0\r\n\r\n"))
    }

    @Test func stopReturnsPromptlyWhileAHandlerIsStillRunning() async throws {
        let entered = Signal()
        let server = try HTTPServer { _ in
            entered.fire()
            try? await Task.sleep(for: .seconds(30))
            return HTTPResponse(status: 503)
        }
        let client = Task {
            try await RawConnection.exchange(port: server.port, "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        try await entered.wait()
        // The handler would take 30 s: stopping cancels it instead of waiting for it.
        try await withTimeout { await server.stopped() }
        _ = try await withTimeout { try await client.value }
    }

    @Test func runServesUntilItsTaskIsCancelled() async throws {
        let server = try HTTPServer { _ in .json(["ok": true]) }
        let running = Task { try await server.run() }
        #expect(try await fetch(port: server.port, "/").status == 200)
        running.cancel()
        try await withTimeout { try await running.value }
        #expect(throws: (any Error).self) { try RawConnection(port: server.port) }
    }

    @Test func theRemoteAddressIsTheClientsLoopbackAddress() async throws {
        let server = try HTTPServer { request in .json(["remote": request.remoteAddress ?? "none"]) }
        defer { server.stop() }
        let received = try await fetch(port: server.port, "/")
        #expect(received.text == #"{"remote":"127.0.0.1"}"#)
    }
}
