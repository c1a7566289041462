import JSON
import Presentation
import Schema
import Wire

extension OpenAPIDocument {
    /// Each announced operation's input as `<name>Input`, and `SubmitRequest` as one of
    /// `{"operation": <name>, "input": <name>Input}`; nothing when no operation is announced.
    static func operationSchemas(_ operations: [OperationInfo]) -> [String: JSONValue] {
        guard !operations.isEmpty else { return [:] }
        var schemas: [String: JSONValue] = [:]
        var choices: [JSONValue] = []
        let common = apiSchemas["SubmitRequest"]?["properties"]
        for info in operations {
            let name = "\(info.name)Input"
            var input = openAPI(info.input)
            if case .object(var object) = input, object["description"] == nil, !info.summary.isEmpty {
                object["description"] = .string(info.summary)
                input = .object(object)
            }
            schemas[name] = input
            var properties: [String: JSONValue] = ["operation": .object(["type": .string("string"), "const": .string(info.name)]), "input": ref(name)]
            if case .object(let shared)? = common { properties.merge(shared) { own, _ in own } }
            choices.append(OpenAPISchema.object(properties, required: ["operation"]))
        }
        schemas["SubmitRequest"] = .object(["oneOf": .array(choices)])
        return schemas
    }

    /// An announced JSON Schema as the document gives it: as announced, with what the gateway's checker
    /// assumes said out loud (an object schema that does not forbid other keys allows them); no schema
    /// is the one of any value.
    static func openAPI(_ schema: JSONSchema?) -> JSONValue {
        guard let schema, let value = try? JSONValue(encoding: schema) else { return .object([:]) }
        return explicit(value)
    }

    private static func explicit(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value else { return value }
        let isObject = object["type"] == .string("object") || object["type"]?.contains(.string("object")) == true
        if case .object(let properties)? = object["properties"] { object["properties"] = .object(properties.mapValues(explicit)) }
        if object["additionalProperties"] == nil, isObject || object["properties"] != nil { object["additionalProperties"] = .bool(true) }
        for key in ["items", "additionalProperties"] where object[key]?.isObject == true {
            object[key] = object[key].map(explicit)
        }
        return .object(object)
    }
}

extension JSONValue {
    /// Whether this is an object.
    fileprivate var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// Whether this is an array holding `element`.
    fileprivate func contains(_ element: JSONValue) -> Bool {
        if case .array(let elements) = self { return elements.contains(element) }
        return false
    }
}
