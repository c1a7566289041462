import JSON

extension OpenAPIDocument {
    /// Every component schema: the wire shapes, generated from their `.shape` declarations (`shapeSchemas`),
    /// and the API's own bodies (`apiSchemas`), which are what the gateway writes where a name is in both.
    static var schemas: [String: JSONValue] {
        shapeSchemas.merging(apiSchemas) { _, api in api }
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        OpenAPISchema.enumeration(values)
    }

    static func minimum(_ schema: JSONValue, _ least: Int) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        object["minimum"] = .integer(Int64(least))
        return .object(object)
    }
}
