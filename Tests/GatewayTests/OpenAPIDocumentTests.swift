import Foundation
import Gateway
import HTTPServer
import Presentation
import Testing
import TestSupport

@Suite struct OpenAPIDocumentTests {
    static func key(_ method: HTTPMethod, _ path: String) -> String { "\(method.rawValue) \(path)" }

    @Test func everyRegisteredRouteIsInTheServedDocumentOnceAndNothingElseIs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-openapi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gateway = try OfflineGateway.start(webhooks: try DeliveriesRouteTests.dispatcher(in: folder))
        defer { gateway.stop() }
        let registered = Set(gateway.routes.map { Self.key($0.method, $0.pattern) })
        #expect(registered.count == gateway.routes.count, "no route is registered twice")
        let received = try await fetch(port: gateway.port, "/v1/openapi.json")
        let document = try JSONCoding.decoder.decode(JSONValue.self, from: received.body)
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        var documented: Set<String> = []
        for (path, item) in paths {
            guard case .object(let operations) = item else { continue }
            for method in operations.keys { documented.insert(Self.key(HTTPMethod(rawValue: method.uppercased()), path)) }
        }
        #expect(documented == registered)
        for required in ["POST /v1/webhooks/operations", "GET /v1/webhooks/deliveries", "GET /", "GET /v1/openapi.json"] {
            #expect(documented.contains(required))
        }
    }

    @Test("Without webhooks to deliver, the deliveries route is neither served nor documented")
    func routesFollowTheConfiguration() throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        #expect(!gateway.routes.contains { $0.pattern == "/v1/webhooks/deliveries" })
        let document = OpenAPIDocument.json(for: gateway.routes)
        #expect(document["paths"]?["/v1/webhooks/deliveries"] == nil)
        #expect(document["paths"]?["/v1/jobs/{id}"]?["get"]?["operationId"]?.stringValue == "getV1JobsId")
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
