import Foundation
import JSON

extension JSONValue {
    /// Whether the value has this JSON Schema type; an integer is also a number, and so is a whole number written `1.0`.
    func isOfType(_ kind: JSONSchema.Kind) -> Bool {
        switch (kind, self) {
        case (.null, .null), (.boolean, .bool), (.object, .object), (.array, .array), (.string, .string): true
        case (.number, .integer), (.number, .number), (.integer, .integer): true
        case (.integer, .number(let number)): number.rounded() == number && number.isFinite
        default: false
        }
    }

    /// The value's type as a person reads it in a violation.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// JSON equality: numbers compare by value (`1` equals `1.0`), objects by their members.
    func equalsAsJSON(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Double(a) == b
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.equalsAsJSON($1) }
        case (.object(let a), .object(let b)): a.count == b.count && a.allSatisfy { key, value in b[key].map(value.equalsAsJSON) ?? false }
        default: self == other
        }
    }

    /// Compact JSON text, for messages: `"red"`, `3`, `null`.
    var compactText: String {
        (try? JSONCoding.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}
