import Foundation
import Gateway
import HTTPServer
import JSON
import Presentation
import Schema
import TestSupport
import Testing
import Wire

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
        #expect(document["paths"]?["/v1/jobs/{id}"]?["get"]?["operationId"]?.stringValue == "getJob")
    }

    @Test func theServedDocumentIsOpenAPI31AndOpenEvenWithTokens() async throws {
        let gateway = try OfflineGateway.start { $0.tokens = try! APIToken.parse(inline: "ci:tok-ci-0123456789:read") }
        defer { gateway.stop() }
        let received = try await fetch(port: gateway.port, "/v1/openapi.json")
        #expect(received.status == 200)
        let document = try JSONCoding.decoder.decode(JSONValue.self, from: received.body)
        #expect(document["openapi"]?.stringValue == "3.1.0")
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        #expect(paths["/v1/presentations/{id}/answer"]?["post"]?["security"] != nil)
        #expect(paths["/v1/operations"]?["post"]?["responses"]?["202"] != nil)
        #expect(paths["/v1/presentations/{id}/answer"]?["post"]?["responses"]?["409"] != nil)
    }

    @Test func everyOperationIdIsAReadableVerbAndNounAndUnique() throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        let document = OpenAPIDocument.json(for: gateway.routes)
        var ids: [String: String] = [:]
        for route in gateway.routes {
            let id = try #require(document["paths"]?[route.pattern]?[route.method.rawValue.lowercased()]?["operationId"]?.stringValue)
            #expect(!id.contains("V1") && id.first?.isLowercase == true, "\(route.pattern): \(id)")
            #expect(ids.updateValue(route.pattern, forKey: id) == nil, "\(id) is used twice")
        }
        for (path, method, id) in [
            ("/v1/operations", "post", "submitOperation"), ("/v1/operations/batch", "post", "submitOperations"),
            ("/v1/presentations/{id}/answer", "post", "answerPresentation"),
            ("/v1/operations", "get", "listOperations"), ("/v1/operations/{name}", "get", "getOperation"), ("/v1/jobs/{id}/cancel", "post", "cancelJob"),
            ("/v1/status", "get", "getStatus"), ("/v1/presentations/{id}/links", "post", "createAnswerLink"),
        ] {
            #expect(document["paths"]?[path]?[method]?["operationId"]?.stringValue == id)
        }
    }

    @Test func eachAnnouncedOperationsInputIsAComponentAndASubmitChoice() throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        var schema = JSONSchema.object(["name": .string(minLength: 1), "nick": JSONSchema.string().orNull], required: ["name"])
        schema.additionalProperties = .forbidden
        let greet = OperationInfo(
            name: "greet", summary: "Greet someone", input: schema, catalog: Catalog([:]), workers: ["w"],
            jobs: .init(queued: 0, running: 0, waiting: 0), announcedAt: Date(), announcedBy: "w")
        let document = OpenAPIDocument.json(for: gateway.routes, operations: [greet])
        let input = try #require(document["components"]?["schemas"]?["greetInput"])
        #expect(input["description"] == .string("Greet someone"))
        #expect(input["required"] == .array([.string("name")]))
        #expect(input["additionalProperties"] == .bool(false))
        #expect(input["properties"]?["nick"] == ["type": ["string", "null"]], "OpenAPI 3.1 says null as JSON Schema does")
        let choice = try #require(document["components"]?["schemas"]?["SubmitRequest"]?["oneOf"])
        let common = try #require(OpenAPIDocument.json(for: gateway.routes)["components"]?["schemas"]?["SubmitRequest"]?["properties"])
        #expect(
            choice
                == .array([
                    .object([
                        "type": .string("object"), "required": .array([.string("operation")]),
                        "properties": .object([
                            "operation": .object(["type": .string("string"), "const": .string("greet")]),
                            "input": .object(["$ref": .string("#/components/schemas/greetInput")]),
                            "answerWithin": try #require(common["answerWithin"]), "audience": try #require(common["audience"]),
                        ]),
                    ])
                ]))
        #expect(OpenAPIDocument.json(for: gateway.routes)["components"]?["schemas"]?["greetInput"] == nil)
    }
}
