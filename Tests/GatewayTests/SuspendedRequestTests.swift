import Foundation
import Gateway
import TestSupport
import Testing

/// `POST /v1/operations` requests waiting on a broker that never answers hold their connections
/// suspended, not a thread each: every one still gets its error (the timeout's 504, or 503 for those
/// still waiting when the first timeout resets the broker connection), and each connection is resumed
/// and serves its next request.
@Suite struct SuspendedRequestTests {
    static func post(port: Int) -> Data {
        let body = #"{"operation": "noop", "input": {}}"#
        return Data(
            "POST /v1/operations HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                .utf8)
    }

    @Test func manyRequestsWaitingOnAnAbsentBrokerEachGetTheirErrorAndTheirConnectionsServeTheNext() async throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        let port = gateway.port
        let replies = try await onThread { () -> [(HTTPReply?, HTTPReply?)] in
            let connections = try (0..<24).map { _ in try RawConnection(port: port, timeout: .seconds(20)) }
            defer { for connection in connections { connection.close() } }
            for connection in connections { connection.send(Self.post(port: port)) }
            let first = connections.map { $0.receiveResponse() }
            for connection in connections { connection.send(Data("DELETE /v1/operations HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)) }
            return zip(first, connections.map { $0.receiveResponse() }).map { ($0, $1) }
        }
        #expect(replies.count == 24)
        for (first, second) in replies {
            #expect(
                first?.status == 504 && first?.errorCode == "timeout" || first?.status == 503 && first?.errorCode == "unavailable",
                "\(String(describing: first))")
            #expect(second?.status == 405, "\(String(describing: second))")
        }
    }
}
