import Client
import Foundation
import Gateway
import TestSupport
import Testing

@Suite struct GatewayReconnectTests {
    @Test("A reply too large for the socket breaks the gateway's connection; /healthz says so, then recovers by itself")
    func healthRecoversAfterTheSocketBreaks() async throws {
        let broker = try FakeBroker(oversizedReplies: 1)
        defer { broker.close() }
        let gateway = try OfflineGateway.start {
            $0.broker.clients = broker.endpoint
            $0.broker.requestTimeout = .milliseconds(500)
            $0.healthTimeout = .milliseconds(500)
        }
        defer { gateway.stop() }

        let first = try await fetch(port: gateway.port, "/healthz")
        #expect(first.status == 503, "the oversized reply never arrives: \(first)")
        var recovered: HTTPReply?
        let deadline = ContinuousClock.now + .seconds(30)
        while recovered == nil, ContinuousClock.now < deadline {
            let reply = try await fetch(port: gateway.port, "/healthz")
            if reply.status == 200 { recovered = reply }
        }
        let healthy = try #require(recovered, "/healthz came back to 200 without a restart")
        #expect(try JSONDecoder().decode([String: String].self, from: healthy.body) == ["status": "ok", "broker": "reachable"])
        #expect(broker.connections == 2, "the broken socket was closed and a new one opened")
        let metrics = try await fetch(port: gateway.port, "/metrics")
        #expect(metrics.text.contains("interlude_broker_connection_reopens 1\n"), "\(metrics.text)")
    }
}
