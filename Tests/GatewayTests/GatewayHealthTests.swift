import Client
import Foundation
import Gateway
import TestSupport
import Testing

@Suite struct GatewayHealthTests {
    @Test func healthIs503WhenTheBrokerDoesNotAnswerWithinTheHealthTimeout() async throws {
        // Requests in general would wait a minute; health gives up after its own, shorter timeout.
        let gateway = try OfflineGateway.start { $0.broker.requestTimeout = .seconds(60) }
        defer { gateway.stop() }
        let received = try await fetch(port: gateway.port, "/healthz", timeout: 20)
        #expect(received.status == 503)
        #expect(try JSONDecoder().decode([String: String].self, from: received.body) == ["status": "unavailable", "broker": "unreachable"])
    }

    @Test func metricsStillServeRequestCountsAndProviderLinesWithoutABroker() async throws {
        var configuration = GatewayConfiguration()
        configuration.port = 0
        configuration.broker.clients = "ipc://\(FileManager.default.temporaryDirectory.path)/interlude-absent-\(UUID().uuidString)"
        configuration.healthTimeout = .milliseconds(200)
        let gateway = OfflineGateway.checked(
            try GatewayService(configuration: configuration, metricsProviders: [{ "# TYPE outbox_test gauge\noutbox_test 7" }]))
        defer { gateway.stop() }
        _ = try await fetch(port: gateway.port, "/nowhere")
        let received = try await fetch(port: gateway.port, "/metrics")
        #expect(received.status == 200)
        #expect(received.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(received.text.contains("interlude_broker_up 0\n"))
        #expect(received.text.contains(#"http_requests_total{method="GET",route="unmatched",status="404"} 1"#))
        #expect(received.text.contains("outbox_test 7\n"))
    }
}
