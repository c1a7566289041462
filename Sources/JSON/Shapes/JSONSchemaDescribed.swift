public import Foundation

/// A type whose JSON an OpenAPI (3.0) schema describes: what a shape's member of this type says of it.
public protocol JSONSchemaDescribed {
    /// The schema of one value of this type.
    static var jsonSchema: JSONValue { get }
}

extension String: JSONSchemaDescribed {
    /// A string.
    public static var jsonSchema: JSONValue { ShapeSchema.type("string") }
}

extension Bool: JSONSchemaDescribed {
    /// A boolean.
    public static var jsonSchema: JSONValue { ShapeSchema.type("boolean") }
}

extension Int: JSONSchemaDescribed {
    /// A whole number.
    public static var jsonSchema: JSONValue { ShapeSchema.type("integer") }
}

extension Int64: JSONSchemaDescribed {
    /// A whole number.
    public static var jsonSchema: JSONValue { ShapeSchema.type("integer") }
}

extension Double: JSONSchemaDescribed {
    /// A number.
    public static var jsonSchema: JSONValue { ShapeSchema.type("number") }
}

extension Date: JSONSchemaDescribed {
    /// A `Timestamp` text.
    public static var jsonSchema: JSONValue { .object(["type": .string("string"), "format": .string("date-time")]) }
}

extension JSONValue: JSONSchemaDescribed {
    /// Any JSON value.
    public static var jsonSchema: JSONValue { .object([:]) }
}

extension RawJSON: JSONSchemaDescribed {
    /// Any JSON value.
    public static var jsonSchema: JSONValue { .object([:]) }
}

extension Array: JSONSchemaDescribed where Element: JSONSchemaDescribed {
    /// An array of the element's schema.
    public static var jsonSchema: JSONValue { ShapeSchema.array(Element.jsonSchema) }
}

extension Dictionary: JSONSchemaDescribed where Key == String, Value: JSONSchemaDescribed {
    /// An object whose every member has the value's schema.
    public static var jsonSchema: JSONValue {
        .object(["type": .string("object"), "additionalProperties": Value.jsonSchema])
    }
}

/// The pieces of OpenAPI 3.0 schemas that shapes (and the gateway's own schemas) are made of.
public enum ShapeSchema {
    /// `{"type": name}`.
    public static func type(_ name: String) -> JSONValue { .object(["type": .string(name)]) }

    /// A reference to the component `name`.
    public static func reference(_ name: String) -> JSONValue { .object(["$ref": .string("#/components/schemas/\(name)")]) }

    /// An array of `items`.
    public static func array(_ items: JSONValue) -> JSONValue { .object(["type": .string("array"), "items": items]) }

    /// A string, one of `values`.
    public static func enumeration(_ values: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
    }

    /// An object with these properties, the `required` ones listed when there are some.
    public static func object(_ properties: [String: JSONValue], required: [String] = [], description: String? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        if let description { schema["description"] = .string(description) }
        return .object(schema)
    }

    /// The schema with a description (a `$ref` is wrapped in `allOf`, which every reader of the document follows).
    public static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(var object) = schema, object["$ref"] == nil else {
            return .object(["allOf": .array([schema]), "description": .string(description)])
        }
        object["description"] = .string(description)
        return .object(object)
    }

    /// The schema, `null` allowed too, as OpenAPI 3.1 says it: `null` among the types, or `oneOf` beside a
    /// `$ref`; a schema of any value already allows it.
    public static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, !object.isEmpty else { return schema }
        guard object["$ref"] == nil, case .string(let name)? = object["type"] else {
            return .object(["oneOf": .array([schema, .object(["type": .string("null")])])])
        }
        object["type"] = .array([.string(name), .string("null")])
        if case .array(let values)? = object["enum"] { object["enum"] = .array(values + [.null]) }
        return .object(object)
    }
}
