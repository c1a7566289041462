import JSON

/// The few JSON Schema (2020-12, as OpenAPI 3.1 uses it) forms the document is written with. An object
/// lists every key it may carry; `required` the ones always written.
enum OpenAPISchema {
    static let text = type("string")
    static let integer = type("integer")
    static let number = type("number")
    static let boolean = type("boolean")
    static let time: JSONValue = .object(["type": .string("string"), "format": .string("date-time")])
    /// Any JSON value at all (an input, a result, an item as the worker gave it).
    static let any: JSONValue = .object([:])
    /// An object with any members.
    static let anyObject: JSONValue = .object(["type": .string("object"), "additionalProperties": .bool(true)])

    static func type(_ name: String) -> JSONValue {
        .object(["type": .string(name)])
    }

    static func object(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var schema: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.sorted().map(JSONValue.string)) }
        return .object(schema)
    }

    /// An object whose every key is required.
    static func record(_ properties: [String: JSONValue], optional: [String] = []) -> JSONValue {
        object(properties, required: properties.keys.filter { !optional.contains($0) })
    }

    /// An object of any keys whose values are `values`.
    static func map(_ values: JSONValue) -> JSONValue {
        .object(["type": .string("object"), "additionalProperties": values])
    }

    static func array(_ items: JSONValue) -> JSONValue {
        .object(["type": .string("array"), "items": items])
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
    }

    /// `schema` or null: `null` joins its type (and its `enum`); a reference becomes one of it and null.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, object["$ref"] == nil, case .string(let name)? = object["type"] else {
            return .object(["oneOf": .array([schema, type("null")])])
        }
        object["type"] = .array([.string(name), .string("null")])
        if case .array(let values)? = object["enum"] { object["enum"] = .array(values + [.null]) }
        return .object(object)
    }

    /// `schema` with `extra` properties added (a job with its timeline).
    static func extending(_ schema: JSONValue?, with extra: [String: JSONValue], required: [String]) -> JSONValue {
        guard case .object(var object)? = schema, case .object(let properties)? = object["properties"] else {
            return object(extra, required: required)
        }
        object["properties"] = .object(properties.merging(extra) { old, _ in old })
        let before = object["required"].flatMap { value -> [String]? in
            if case .array(let names) = value { return names.compactMap(\.stringValue) }
            return nil
        }
        object["required"] = .array(Set((before ?? []) + required).sorted().map(JSONValue.string))
        return .object(object)
    }
}
