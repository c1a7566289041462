import Foundation
import Gateway
import JSON
import Presentation
import Testing
import Wire

/// The document's wire components come from the shapes the readers and writers are generated from.
@Suite("OpenAPI: the components of the wire types are their shapes")
struct OpenAPIShapeTests {
    static let schemas: [String: JSONValue] = {
        guard case .object(let schemas)? = OpenAPIDocument.json(for: [])["components"]?["schemas"] else { return [:] }
        return schemas
    }()

    /// The keys of a JSON object's text.
    static func keys(_ data: Data) throws -> Set<String> {
        guard case .object(let members) = try JSONCoding.decoder.decode(JSONValue.self, from: data) else { return [] }
        return Set(members.keys)
    }

    static func properties(_ component: String) -> Set<String> {
        guard case .object(let properties)? = schemas[component]?["properties"] else { return [] }
        return Set(properties.keys)
    }

    @Test("Every documented shape is a component of the document, as its shape describes it")
    func everyShapeIsAComponent() {
        #expect(!WireShapes.documented.isEmpty)
        for shape in WireShapes.documented where shape.shapeName != "Job" {
            #expect(Self.schemas[shape.shapeName] == shape.componentSchema, "\(shape.shapeName)")
        }
    }

    @Test("A job's component names every key its writer writes and no other; a job with its timeline adds the timeline's")
    func theJobComponentIsWhatIsWritten() throws {
        var job = Job(
            id: "j1", operation: "noop", input: .emptyObject, phase: .succeeded, result: .integer(1),
            error: Job.Failure(code: "c", message: "m"), progress: Job.Progress(done: 1, total: 2), attempts: 1, createdAt: Date())
        job.redispatches = 1
        job.outcome = Job.Outcome(Resolution(presentation: "p", job: "j1", cause: .answered, action: "ok", by: "ana", channel: "cli", at: Date()))
        job.answerWithin = 60
        job.audience = Audience(users: ["ana"])
        let written = try Self.keys(JSONWriter.encode(job))
        #expect(Self.properties("Job") == written)
        #expect(Self.properties("JobWithHistory") == written.union(["history", "historyNext", "refusalsOmitted"]))
        #expect(Self.schemas["Job"]?["required"] == .array(["id", "operation", "state", "createdAt", "updatedAt"].map(JSONValue.string)))
    }

    @Test("Every reference in the document names a component it has")
    func everyReferenceResolves() {
        var references: Set<String> = []
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .string(let reference)? = members["$ref"] { references.insert(reference) }
                members.values.forEach(visit)
            case .array(let elements): elements.forEach(visit)
            default: break
            }
        }
        visit(OpenAPIDocument.json(for: []))
        let missing = references.filter { Self.schemas[String($0.dropFirst("#/components/schemas/".count))] == nil }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }
}
