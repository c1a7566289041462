import JSON
import Presentation
import Wire

extension OpenAPIDocument {
    /// The components generated from the `.shape` declarations of the wire types and the presentation model, so the
    /// document says what the readers and writers do.
    static var shapeSchemas: [String: JSONValue] {
        var schemas: [String: JSONValue] = [:]
        for shape in WireShapes.documented + PresentationShapes.documented { schemas[shape.shapeName] = shape.componentSchema }
        return schemas
    }
}
