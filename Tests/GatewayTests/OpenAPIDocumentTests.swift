import Foundation
import Gateway
import Presentation
import Testing

@Suite struct OpenAPIDocumentTests {
    /// Stands in for the outbox's deliveries listing, which `interlude gateway` registers.
    static let deliveries = GatewayRoute(.get, "/v1/webhooks/deliveries", access: .scope(.read)) { _, _ in .json([String]()) }

    static func key(_ method: HTTPMethod, _ path: String) -> String { "\(method.rawValue) \(path)" }

    @Test func everyRegisteredRouteIsDocumentedAndEveryDocumentedOneRegistered() throws {
        let gateway = try OfflineGateway.start(extraRoutes: [Self.deliveries])
        defer { gateway.stop() }
        let registered = Set(gateway.routes.map { Self.key($0.method, $0.pattern) })
        let documented = Set(OpenAPIDocument.routes.map { Self.key($0.method, $0.path) })
        #expect(registered.subtracting(documented).isEmpty, "registered but not documented")
        #expect(documented.subtracting(registered).isEmpty, "documented but not registered")
        #expect(registered.count == gateway.routes.count, "no route is registered twice")
        for required in ["POST /v1/webhooks/operations", "GET /v1/webhooks/deliveries", "GET /", "GET /v1/openapi.json"] {
            #expect(documented.contains(required))
        }
    }

    @Test func theServedDocumentIsOpenAPI3AndOpenEvenWithTokens() async throws {
        let gateway = try OfflineGateway.start { $0.tokens = try! APIToken.parse(inline: "ci:tok-ci-0123456789:read") }
        defer { gateway.stop() }
        let received = try await fetch(port: gateway.port, "/v1/openapi.json")
        #expect(received.status == 200)
        let document = try JSONCoding.decoder.decode(JSONValue.self, from: received.body)
        #expect(document["openapi"]?.stringValue == "3.0.3")
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        #expect(paths["/v1/presentations/{id}/answer"]?["post"]?["security"] != nil)
        #expect(paths["/v1/operations"]?["post"]?["responses"]?["202"] != nil)
        #expect(paths["/v1/presentations/{id}/answer"]?["post"]?["responses"]?["409"] != nil)
    }
}
