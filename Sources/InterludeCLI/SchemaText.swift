import Foundation
import Presentation
import Schema

/// A JSON Schema as a person reads it in a terminal: `string, 1–100 characters`, `integer, at least 1`.
enum SchemaText {
    /// One line per property of an object schema (`name  string, 1–100 characters, required`), or one
    /// line for any other schema.
    static func lines(_ schema: JSONSchema) -> [String] {
        guard schema.type == [.object], let properties = schema.properties, !properties.isEmpty else { return [describe(schema)] }
        let required = Set(schema.required ?? [])
        let width = properties.keys.map(\.count).max() ?? 0
        var lines = properties.keys.sorted().map { name in
            let text = describe(properties[name]!) + (required.contains(name) ? ", required" : "")
            return name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + text
        }
        switch schema.additionalProperties {
        case .forbidden: lines.append("(no other properties)")
        case .schema(let other): lines.append("(any other property: \(describe(other)))")
        case .allowed, nil: break
        }
        return lines
    }

    /// The schema in a few words.
    static func describe(_ schema: JSONSchema) -> String {
        if let values = schema.enum { return "one of " + values.map(Output.compact).joined(separator: ", ") }
        let types = (schema.type ?? []).filter { $0 != .null }
        let nullable = schema.type?.contains(.null) == true ? ", or null" : ""
        guard types.count == 1, let type = types.first else {
            return types.isEmpty ? "any value" : types.map(\.rawValue).joined(separator: " or ") + nullable
        }
        var parts = [type.rawValue]
        switch type {
        case .string: parts += range(schema.minLength.map(Double.init), schema.maxLength.map(Double.init), unit: "characters")
        case .integer, .number: parts += range(schema.minimum, schema.maximum, unit: nil)
        case .array:
            parts[0] = "array of " + (schema.items.map(describe) ?? "any value")
            parts += range(schema.minItems.map(Double.init), schema.maxItems.map(Double.init), unit: "elements")
        case .object:
            if let names = schema.properties?.keys.sorted(), !names.isEmpty { parts[0] = "object with " + names.joined(separator: ", ") }
        case .boolean, .null: break
        }
        return parts.joined(separator: ", ") + nullable
    }

    private static func range(_ low: Double?, _ high: Double?, unit: String?) -> [String] {
        let suffix = unit.map { " \($0)" } ?? ""
        switch (low, high) {
        case (let low?, let high?): return ["\(number(low))–\(number(high))\(suffix)"]
        case (let low?, nil): return ["at least \(number(low))\(suffix)"]
        case (nil, let high?): return ["at most \(number(high))\(suffix)"]
        case (nil, nil): return []
        }
    }

    private static func number(_ value: Double) -> String { Int64(exactly: value).map(String.init) ?? String(value) }
}
