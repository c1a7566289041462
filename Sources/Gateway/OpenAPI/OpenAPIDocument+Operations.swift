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
        for info in operations {
            let name = "\(info.name)Input"
            var input = openAPI(info.input)
            if case .object(var object) = input, object["description"] == nil, !info.summary.isEmpty {
                object["description"] = .string(info.summary)
                input = .object(object)
            }
            schemas[name] = input
            choices.append(
                .object([
                    "type": .string("object"),
                    "properties": .object([
                        "operation": .object(["type": .string("string"), "enum": .array([.string(info.name)])]), "input": ref(name),
                    ]),
                    "required": .array([.string("operation")]),
                ]))
        }
        schemas["SubmitRequest"] = .object(["oneOf": .array(choices)])
        return schemas
    }

    /// An announced JSON Schema in OpenAPI 3.0's words: a type list with `null` becomes `nullable`
    /// (more than one other type: no `type`, any value); no schema is the empty one.
    static func openAPI(_ schema: JSONSchema?) -> JSONValue {
        guard let schema, let value = try? JSONValue(encoding: schema) else { return .object([:]) }
        return rewrite(value)
    }

    private static func rewrite(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value else { return value }
        if case .array(let types)? = object["type"] {
            let others = types.filter { $0 != .string("null") }
            if others.count < types.count { object["nullable"] = .bool(true) }
            object["type"] = others.count == 1 ? others[0] : nil
        }
        if case .object(let properties)? = object["properties"] { object["properties"] = .object(properties.mapValues(rewrite)) }
        for key in ["items", "additionalProperties"] where object[key]?.isObject == true {
            object[key] = object[key].map(rewrite)
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
}
