import Foundation
import TestSupport
import Testing

extension EndToEnd.OutgoingWebhooks {
    @Test("GET /v1/webhooks/deliveries shows an endpoint as the logs do: scheme, host and port, never its user, password, path or query token")
    func deliveriesShowEndpointsRedacted() async throws {
        let sandbox = try Sandbox("webhooks-redacted")
        defer { sandbox.shutdown() }
        let receiver = try await WebhookReceiver(sandbox, name: "subscriber", secret: Self.secret)
        defer { receiver.stop() }
        let secrets = ["hook-user", "hook-password", "path-token", "query-token"]
        let endpoint = "http://hook-user:hook-password@127.0.0.1:\(receiver.port)/hooks/path-token?token=query-token"
        try await sandbox.startBroker()
        try await sandbox.startWorker("w1")
        let gateway = try await sandbox.startGateway(environment: Self.settings(receiver, ["INTERLUDE_WEBHOOK_URL": endpoint, "INTERLUDE_LOG_LEVEL": "debug"]))
        _ = try await Self.submit(sandbox)
        _ = try await sandbox.waitForDeliveries("a delivered delivery") { deliveries in deliveries.first { $0.state == "delivered" } }

        let reply = try await sandbox.api().get("/v1/webhooks/deliveries")
        #expect(reply.status == 200, "\(reply)")
        struct Page: Decodable { let deliveries: [DeliveryRecord] }
        let shown = "http://127.0.0.1:\(receiver.port)/…"
        #expect(Set(try reply.decode(Page.self).deliveries.map(\.url)) == [shown], "\(reply.text)")
        for secret in secrets { #expect(!reply.text.contains(secret), "\(secret) in \(reply.text)") }
        // The same form as the log's: one redaction for both.
        #expect(gateway.stderr.contains("delivered to webhookUrl (\(shown))"), "\(gateway.tail())")
        for secret in secrets { #expect(!gateway.stderr.contains(secret), "\(secret) in the gateway's log") }
    }
}
