import Foundation
import Gateway
import HTTPServer
import JSON
import Presentation
import Schema
import TestSupport
import Testing
import Wire

/// The served document is OpenAPI 3.1 that holds together: every reference resolves, every schema
/// uses only keywords JSON Schema (as 3.1 uses it) knows, and every response of every operation says
/// what it carries.
@Suite struct OpenAPIStructureTests {
    /// The document of a gateway with every route (webhook deliveries too) and one announced operation.
    static func document() throws -> (JSONValue, [GatewayRoute]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-openapi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gateway = try OfflineGateway.start(webhooks: try DeliveriesRouteTests.dispatcher(in: folder))
        defer { gateway.stop() }
        var input = JSONSchema.object(["name": .string(minLength: 1), "nick": JSONSchema.string().orNull], required: ["name"])
        input.additionalProperties = .forbidden
        let greet = OperationInfo(
            name: "greet", summary: "Greet someone", input: input, catalog: Catalog([:]), workers: ["w"],
            jobs: .init(queued: 0, running: 0, waiting: 0), announcedAt: Date(), announcedBy: "w")
        let loose = OperationInfo(
            name: "loose", summary: "", input: JSONSchema.object(["n": .integer()]), catalog: Catalog([:]), workers: ["w"],
            jobs: .init(queued: 0, running: 0, waiting: 0), announcedAt: Date(), announcedBy: "w")
        return (OpenAPIDocument.json(for: gateway.routes, operations: [greet, loose]), gateway.routes)
    }

    /// Every `$ref` anywhere in `value`, with where it is.
    static func references(in value: JSONValue, at path: String = "#") -> [(String, String)] {
        switch value {
        case .object(let members):
            members.sorted { $0.key < $1.key }.flatMap { key, member in
                key == "$ref" ? [(path, member.stringValue ?? "\(member)")] : references(in: member, at: "\(path)/\(key)")
            }
        case .array(let elements): elements.enumerated().flatMap { references(in: $0.element, at: "\(path)/\($0.offset)") }
        default: []
        }
    }

    @Test func itIsOpenAPI31WithATitleAndAVersion() throws {
        let (document, _) = try Self.document()
        #expect(document["openapi"] == "3.1.0")
        #expect(document["info"]?["title"]?.stringValue?.isEmpty == false)
        #expect(document["info"]?["version"]?.stringValue?.isEmpty == false)
    }

    @Test func everyReferenceResolves() throws {
        let (document, _) = try Self.document()
        let checker = StrictSchema(document: document)
        let references = Self.references(in: document)
        #expect(references.count > 100, "the document was walked: \(references.count) references")
        let broken = references.filter { checker.resolve($0.1) == nil }.map { "\($0.0): \($0.1)" }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test func everyComponentSchemaUsesOnlyKeywordsJSONSchemaKnows() throws {
        let (document, _) = try Self.document()
        let checker = StrictSchema(document: document)
        guard case .object(let schemas)? = document["components"]?["schemas"] else {
            Issue.record("no components.schemas")
            return
        }
        #expect(schemas["greetInput"] != nil && schemas["looseInput"] != nil)
        #expect(schemas["looseInput"]?["additionalProperties"] == true, "what the gateway's checker allows is said out loud")
        let problems = schemas.sorted { $0.key < $1.key }.flatMap { name, schema in
            checker.problems(inSchema: schema, at: "#/components/schemas/\(name)").map(\.description)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyOperationOfEveryRouteSaysWhatEachResponseCarries() throws {
        let (document, routes) = try Self.document()
        let checker = StrictSchema(document: document)
        var problems: [String] = []
        for route in routes {
            let label = "\(route.method.rawValue) \(route.pattern)"
            guard let operation = document["paths"]?[route.pattern]?[route.method.rawValue.lowercased()] else {
                problems.append("\(label): no operation")
                continue
            }
            guard case .object(let responses)? = operation["responses"], responses["default"] != nil else {
                problems.append("\(label): no default response")
                continue
            }
            for (status, response) in responses.sorted(by: { $0.key < $1.key }) {
                if response["description"]?.stringValue == nil { problems.append("\(label) \(status): no description") }
                guard case .object(let content)? = response["content"], !content.isEmpty else {
                    problems.append("\(label) \(status): says nothing of what it carries")
                    continue
                }
                for (type, media) in content {
                    guard let schema = media["schema"] else {
                        problems.append("\(label) \(status) \(type): no schema")
                        continue
                    }
                    problems += checker.problems(inSchema: schema).map { "\(label) \(status): \($0)" }
                }
            }
            if let body = operation["requestBody"] {
                let reference = body["content"]?["application/json"]?["schema"]?["$ref"]?.stringValue
                if reference.flatMap(checker.resolve) == nil { problems.append("\(label): a request body without a schema in components") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("Each JSON error status of every operation carries the Error shape; only the answer link pages answer errors in HTML")
    func jsonResponsesNameComponents() throws {
        let (document, _) = try Self.document()
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        for (path, item) in paths {
            guard case .object(let operations) = item else { continue }
            for (method, operation) in operations {
                guard case .object(let responses)? = operation["responses"] else { continue }
                for (status, response) in responses where status.hasPrefix("4") || status.hasPrefix("5") || status == "default" {
                    // The answer link's pages are HTML whatever their status; a JSON error is the Error shape.
                    guard let schema = response["content"]?["application/json"]?["schema"] else {
                        #expect(path.hasPrefix("/answer/") && status != "default", "\(method) \(path) \(status) carries no JSON")
                        continue
                    }
                    #expect(schema == OpenAPIReference.schema("Error") || (path == "/healthz" && status == "503"), "\(method) \(path) \(status)")
                }
            }
        }
    }
}
