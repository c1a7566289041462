import Client
import Foundation
import Gateway
import TestSupport
import Webhooks

/// A real `GatewayService` whose broker is absent: everything a request meets before it reaches the
/// broker (routing, limits, parsing, authentication, signatures) is the production code path, and what
/// gets through fails with the broker's timeout (504) after `requestTimeout`.
enum OfflineGateway {
    /// Starts a gateway on a free loopback port; `configure` adjusts the configuration first.
    static func start(
        webhooks: WebhookDispatcher? = nil, _ configure: (inout GatewayConfiguration) -> Void = { _ in }
    ) throws -> GatewayService {
        var configuration = GatewayConfiguration()
        configuration.port = 0
        // An ipc endpoint nobody binds: no TCP traffic at all, and every broker request times out.
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-absent-\(UUID().uuidString)").path
        configuration.broker.clients = "ipc://\(nowhere)-clients"
        configuration.broker.events = "ipc://\(nowhere)-events"
        configuration.broker.requestTimeout = .milliseconds(300)
        configuration.healthTimeout = .milliseconds(300)
        configure(&configuration)
        return checked(try GatewayService(configuration: configuration, webhooks: webhooks))
    }

    /// `gateway`, its replies to `fetch` checked against its OpenAPI document while it lives.
    static func checked(_ gateway: GatewayService) -> GatewayService {
        let routes = gateway.routes
        let document = OpenAPIDocument.json(for: routes)
        GatewayConformance.register(port: gateway.port, document: document, isRunning: { [weak gateway] in gateway != nil }, refresh: { document })
        return gateway
    }

    /// The JSON `{"error": {…}}` body's fields.
    static func error(_ received: HTTPReply) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: received.body) as? [String: Any])?["error"] as? [String: Any]
    }
}
