import JSON
import Presentation
import Wire

extension OpenAPIDocument {
    /// The components generated from the `.shape` declarations of the wire types and the presentation model, so the
    /// document says what the readers and writers do; a job as `GET /v1/jobs/{id}` shows it also carries the first page
    /// of its timeline.
    static var shapeSchemas: [String: JSONValue] {
        var schemas: [String: JSONValue] = [:]
        for shape in WireShapes.documented + PresentationShapes.documented { schemas[shape.shapeName] = shape.componentSchema }
        if case .object(var job) = schemas["Job"], case .object(var properties) = job["properties"] {
            properties["history"] = ShapeSchema.array(ref("HistoryEntry"))
            properties["historyNext"] = ShapeSchema.nullable(ShapeSchema.type("string"))
            properties["refusalsOmitted"] = ShapeSchema.type("integer")
            job["properties"] = .object(properties)
            schemas["Job"] = .object(job)
        }
        return schemas
    }
}
