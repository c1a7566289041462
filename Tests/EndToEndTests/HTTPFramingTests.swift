import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The gateway reads only well-framed requests, and only for as long as their deadlines (issue:
    /// a second Content-Length smuggled a request, 404 then 200; 264 trickling connections locked it out).
    @Suite("HTTP framing") struct HTTPFraming {
        /// Everything the gateway sends on one connection for `request`, until it closes (or 5 s pass).
        static func everything(port: Int, _ request: String) async throws -> (text: String, closed: Bool) {
            try await onThread {
                let connection = try RawConnection(port: port, timeout: .seconds(5))
                defer { connection.close() }
                connection.send(Data(request.utf8))
                var received = Data()
                while true {
                    switch connection.receiveChunk() {
                    case .data(let data): received.append(data)
                    case .closed: return (String(decoding: received, as: UTF8.self), true)
                    case .timedOut: return (String(decoding: received, as: UTF8.self), false)
                    }
                }
            }
        }

        @Test(
            "A smuggled second Content-Length, a spaced colon, an unknown transfer coding, two Hosts and a Host with junk each get one JSON 400 and nothing behind them runs"
        )
        func ambiguousHeadsGetOne400() async throws {
            let sandbox = try Sandbox("http-framing")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway()
            let port = try sandbox.gatewayPort
            let hidden = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
            let head = "POST /v1/nowhere HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            let cases: [(String, String)] = [
                (head + "Content-Length: 0\r\nContent-Length: \(hidden.utf8.count)\r\n\r\n" + hidden, "badContentLength"),
                (head + "Content-Length : \(hidden.utf8.count)\r\n\r\n" + hidden, "malformedRequest"),
                (head + "Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n" + hidden, "badTransferEncoding"),
                (head + "Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n" + hidden, "badTransferEncoding"),
                ("GET /v1/jobs HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n\r\n" + hidden, "badHost"),
                ("GET /v1/jobs HTTP/1.1\r\nHost: 127.0.0.1:\(port) evil\r\n\r\n" + hidden, "badHost"),
            ]
            for (request, code) in cases {
                let (text, closed) = try await Self.everything(port: port, request)
                let line = request.prefix(90)
                #expect(text.components(separatedBy: "HTTP/1.1 ").count - 1 == 1, "\(line): \(text)")
                let reply = try #require(HTTPReply(raw: Data(text.utf8)), "\(line): no response")
                #expect(reply.status == 400, "\(line): \(reply)")
                #expect(reply.errorCode == code, "\(line): \(reply)")
                #expect(reply.header("Content-Type") == "application/json", "\(line)")
                #expect(closed, "\(line): the connection stayed open")
            }
            #expect(try await sandbox.api().get("/healthz").status == 200, "the gateway goes on serving")
        }

        @Test("Trickling connections that fill the gateway and its reserve are closed at the 10 s head deadline, and /healthz answers again")
        func tricklingConnectionsAreClosedAtTheHeadDeadline() async throws {
            let sandbox = try Sandbox("http-slowloris")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway(environment: ["INTERLUDE_HTTP_CONNECTION_LIMIT": "4"])
            let port = try sandbox.gatewayPort
            // The limit and the 8 reserved for /healthz and /metrics.
            let connections = try await onThread { try (0..<12).map { _ in try RawConnection(port: port, timeout: .milliseconds(20)) } }
            defer { for connection in connections { connection.close() } }
            async let closedAfter = onThread {
                RawConnection.trickle(connections, prefix: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", limit: .seconds(20))
            }
            try await Task.sleep(for: .seconds(1))
            let lockedOut = try await RawConnection.exchange(port: port, ConnectionLimit.get("/healthz", port: port))
            #expect(lockedOut == nil, "while they trickle: \(String(describing: lockedOut))")
            let times = try await closedAfter
            #expect(!times.contains(nil), "a trickling connection was still open after 20 s: \(times)")
            // The test's own client may hold a kept-alive connection, so one of the 12 can be refused at once.
            let trickled = times.compactMap { $0 }.filter { $0 > .seconds(1) }
            #expect(trickled.count >= 11, "\(times)")
            #expect(trickled.allSatisfy { $0 > .seconds(9) && $0 < .seconds(16) }, "\(times)")
            let health = try await RawConnection.exchange(port: port, ConnectionLimit.get("/healthz", port: port))
            #expect(health?.status == 200, "\(String(describing: health))")
        }
    }
}
