import JSON
import Presentation

extension OpenAPIDocument {
    /// The components generated from the `.shape` declarations, so the document says what the readers and
    /// writers do: the presentation model's (questions, their parts, resolutions, approvals).
    static var shapeSchemas: [String: JSONValue] {
        var schemas: [String: JSONValue] = [:]
        for shape in PresentationShapes.documented { schemas[shape.shapeName] = shape.componentSchema }
        return schemas
    }
}
