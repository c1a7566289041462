import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The gateway's connection limit is a setting with a reserve for `/healthz` and `/metrics`, and the
    /// refusals libmicrohttpd makes before any of our code runs keep their status codes (issue: 256
    /// half-open connections locked everyone out, `/healthz` included).
    @Suite("Connection limit") struct ConnectionLimit {
        static func get(_ path: String, port: Int) -> String {
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        }

        @Test("Past httpConnectionLimit silent connections, /healthz and /metrics answer 200 and /v1 gets the JSON 503")
        func healthStaysReachablePastTheLimit() async throws {
            let sandbox = try Sandbox("connection-limit")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway(environment: ["INTERLUDE_HTTP_CONNECTION_LIMIT": "4"])
            let port = try sandbox.gatewayPort
            let idle = try await onThread { try (0..<4).map { _ in try RawConnection(port: port, timeout: .seconds(10)) } }
            defer { for connection in idle { connection.close() } }

            let health = try #require(try await RawConnection.exchange(port: port, Self.get("/healthz", port: port)))
            #expect(health.status == 200, "\(health)")
            let metrics = try #require(try await RawConnection.exchange(port: port, Self.get("/metrics", port: port)))
            #expect(metrics.status == 200, "\(metrics.status)")
            let refused = try #require(try await RawConnection.exchange(port: port, Self.get("/v1/jobs", port: port)))
            #expect(refused.status == 503, "\(refused)")
            #expect(refused.errorCode == "tooManyConnections", "\(refused)")
            #expect(refused.header("Content-Type") == "application/json")

            for connection in idle { connection.close() }
            let served = try await sandbox.eventually("the API to answer once the silent connections are gone") { () -> HTTPReply? in
                let reply = try await RawConnection.exchange(port: port, Self.get("/v1/jobs", port: port))
                return reply?.status == 200 ? reply : nil
            }
            #expect(served.status == 200)
        }

        @Test("A connection silent past httpIdleTimeoutSeconds is closed by the gateway, idle from the start or between requests; an event stream stays open")
        func silentConnectionsAreClosedAfterTheIdleTimeout() async throws {
            let sandbox = try Sandbox("idle-timeout")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway(environment: ["INTERLUDE_HTTP_IDLE_TIMEOUT_SECONDS": "1"])
            let port = try sandbox.gatewayPort
            // Each read gives up after 10 s; the default timeout (60 s) would leave every one of them open.
            let silent = try await onThread { () -> (String, Duration) in
                let connection = try RawConnection(port: port, timeout: .seconds(10))
                defer { connection.close() }
                let start = ContinuousClock.now
                return (connection.receiveChunk().summary, start.duration(to: .now))
            }
            #expect(silent.0 == "closed", "a connection that never sent a byte: \(silent.0) after \(silent.1)")
            #expect(silent.1 < .seconds(8), "closed after \(silent.1)")
            let kept = try await onThread { () -> (HTTPReply?, String) in
                let connection = try RawConnection(port: port, timeout: .seconds(10))
                defer { connection.close() }
                connection.send(Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
                return (connection.receiveResponse(), connection.receiveChunk().summary)
            }
            #expect(kept.0?.status == 200, "\(String(describing: kept.0))")
            #expect(kept.1 == "closed", "a kept-alive connection silent after its answer: \(kept.1)")
            // Heartbeats every half timeout keep an event stream open well past the timeout.
            let stream = try await onThread { () -> (events: String, closed: Bool) in
                let connection = try RawConnection(port: port, timeout: .seconds(10))
                defer { connection.close() }
                connection.send(Data("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8))
                var received = Data()
                let until = ContinuousClock.now + .seconds(3)
                while ContinuousClock.now < until {
                    switch connection.receiveChunk() {
                    case .data(let data): received.append(data)
                    case .closed: return (String(decoding: received, as: UTF8.self), true)
                    case .timedOut: return (String(decoding: received, as: UTF8.self), false)
                    }
                }
                return (String(decoding: received, as: UTF8.self), false)
            }
            #expect(!stream.closed, "the event stream was closed: \(stream.events.suffix(300))")
            #expect(stream.events.components(separatedBy: ": ping").count - 1 >= 3, "heartbeats in 3 s: \(stream.events.suffix(300))")
        }

        @Test("/metrics counts open connections and the reserve in use, and the count falls back once they close")
        func metricsShowOpenConnections() async throws {
            let sandbox = try Sandbox("connection-gauge")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway(environment: ["INTERLUDE_HTTP_CONNECTION_LIMIT": "3"])
            let port = try sandbox.gatewayPort
            func gauges() async throws -> [String: Int]? {
                guard let reply = try await RawConnection.exchange(port: port, Self.get("/metrics", port: port)), reply.status == 200
                else { return nil }
                return Self.samples(reply.text)
            }
            // Whatever is open besides (the start-up's health checks may keep theirs alive), this request included.
            let baseline = try #require(try await gauges()?["interlude_http_connections_open"])
            let opened = 5
            let idle = try await onThread { try (0..<opened).map { _ in try RawConnection(port: port, timeout: .seconds(10)) } }
            defer { for connection in idle { connection.close() } }
            // MHD counts a connection on its own thread once accepted: poll until all five are seen.
            let crowded = try await sandbox.eventually("the gauge to count \(opened) silent connections") { () -> [String: Int]? in
                guard let samples = try await gauges(), (samples["interlude_http_connections_open"] ?? 0) >= baseline + opened else { return nil }
                return samples
            }
            #expect(crowded["interlude_http_connection_limit"] == 3)
            let open = try #require(crowded["interlude_http_connections_open"])
            let used = min(open - 3, 8)
            #expect(used >= 3, "five silent connections and this one, past a limit of 3")
            #expect(crowded["interlude_http_connection_reserve{state=\"used\"}"] == used, "\(crowded)")
            #expect(crowded["interlude_http_connection_reserve{state=\"free\"}"] == 8 - used, "\(crowded)")

            for connection in idle { connection.close() }
            let quiet = try await sandbox.eventually("the gauge to fall back once they close") { () -> [String: Int]? in
                guard let samples = try await gauges(), (samples["interlude_http_connections_open"] ?? .max) <= baseline else { return nil }
                return samples
            }
            let after = try #require(quiet["interlude_http_connections_open"])
            #expect(quiet["interlude_http_connection_reserve{state=\"used\"}"] == max(0, min(after - 3, 8)), "\(quiet)")
        }

        /// Prometheus samples by name and labels, such as `up 1` → `["up": 1]`.
        static func samples(_ text: String) -> [String: Int] {
            var samples: [String: Int] = [:]
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                guard let space = line.lastIndex(of: " "), let value = Int(line[line.index(after: space)...]) else { continue }
                samples[String(line[..<space])] = value
            }
            return samples
        }

        /// Requests libmicrohttpd 0.9.75 refuses while parsing, before it calls the server: the status
        /// is the library's, the body ours (docs/guarantees.md).
        static let refusedByLibmicrohttpd: [(request: String, status: Int, code: String)] = [
            ("POST /v1/operations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\nConnection: close\r\n\r\n", 400, "badContentLength"),
            ("POST /v1/operations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\nConnection: close\r\n\r\n", 400, "badContentLength"),
            ("POST /v1/operations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999999\r\nConnection: close\r\n\r\n", 413, "payloadTooLarge"),
            (
                "POST /v1/operations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
                400, "badChunkedEncoding"
            ),
            (
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(String(repeating: "a", count: 40_000))\r\nConnection: close\r\n\r\n", 431,
                "requestHeadTooLarge"
            ),
            ("GET /healthz?\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 414, "requestHeadTooLarge"),
            ("GET /healthz HTTP/2.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 505, "httpVersionNotSupported"),
            ("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\nConnection: close\r\n\r\n", 400, "malformedRequest"),
        ]

        @Test("Malformed Content-Length, chunking or version, and headers over the connection's memory get libmicrohttpd's status with our JSON error")
        func libmicrohttpdRefusalsAreOurJSON() async throws {
            let sandbox = try Sandbox("connection-refusals")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway()
            let port = try sandbox.gatewayPort
            for (request, status, code) in Self.refusedByLibmicrohttpd {
                let reply = try #require(try await RawConnection.exchangeToClose(port: port, request), "\(request.prefix(60))")
                #expect(reply.status == status, "\(request.prefix(60)): \(reply.status)")
                #expect(reply.errorCode == code, "\(request.prefix(60)): \(reply.text.prefix(200))")
                #expect(reply.header("Content-Type") == "application/json", "\(request.prefix(60)): \(reply.headers)")
            }
            let after = try await sandbox.api().get("/healthz")
            #expect(after.status == 200, "the gateway goes on serving")
        }
    }
}

extension RawConnection.Chunk {
    /// `closed` (the server closed the connection), `timed out`, or the bytes read.
    var summary: String {
        switch self {
        case .closed: "closed"
        case .timedOut: "timed out"
        case .data(let data): "data: \(String(decoding: data.prefix(200), as: UTF8.self))"
        }
    }
}
