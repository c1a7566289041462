import Foundation
import JSON

extension StrictSchema {
    static let kinds: Set<String> = ["null", "boolean", "object", "array", "number", "integer", "string"]

    func checkType(_ value: JSONValue, _ type: JSONValue, _ path: String, into findings: inout [SchemaFinding]) {
        let names: [String]
        switch type {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap(\.stringValue)
        default: return findings.append(SchemaFinding(path, "type", "the schema's type \(type) is neither a name nor a list of names"))
        }
        for name in names where !Self.kinds.contains(name) {
            findings.append(SchemaFinding(path, "type", "the schema names an unknown type \(name)"))
        }
        let kind = Self.kind(of: value)
        let fits = names.contains(kind) || (kind == "integer" && names.contains("number"))
        if !fits { findings.append(SchemaFinding(path, "type", "\(Self.show(value)) is \(kind), not \(names.joined(separator: " or "))")) }
    }

    func checkObject(_ object: [String: JSONValue], _ schema: [String: JSONValue], _ path: String, depth: Int, into findings: inout [SchemaFinding]) {
        let typed = schema["type"].map { type in type == .string("object") || (type.arrayValue?.contains(.string("object")) ?? false) } ?? false
        let properties = schema["properties"]?.objectValue
        let additional = schema["additionalProperties"]
        if case .array(let required)? = schema["required"] {
            for case .string(let key) in required where object[key] == nil {
                findings.append(SchemaFinding(path, "required", "the key \(key) is missing"))
            }
        }
        guard typed || properties != nil || additional != nil else { return }
        for (key, member) in object.sorted(by: { $0.key < $1.key }) {
            let memberPath = Self.path(path, key: key)
            if let declared = properties?[key] {
                check(member, declared, memberPath, depth: depth + 1, into: &findings)
            } else if let additional, additional != .bool(false) {
                check(member, additional, memberPath, depth: depth + 1, into: &findings)
            } else {
                findings.append(SchemaFinding(memberPath, "additionalProperties", "the key \(key) is not in the schema"))
            }
        }
    }

    func checkArray(_ items: [JSONValue], _ schema: [String: JSONValue], _ path: String, depth: Int, into findings: inout [SchemaFinding]) {
        if let least = schema["minItems"]?.intValue, items.count < least {
            findings.append(SchemaFinding(path, "minItems", "\(items.count) items, fewer than \(least)"))
        }
        if let most = schema["maxItems"]?.intValue, items.count > most {
            findings.append(SchemaFinding(path, "maxItems", "\(items.count) items, more than \(most)"))
        }
        guard let item = schema["items"] else { return }
        for (index, element) in items.enumerated() { check(element, item, "\(path)[\(index)]", depth: depth + 1, into: &findings) }
    }

    func checkString(_ text: String, _ schema: [String: JSONValue], _ path: String, into findings: inout [SchemaFinding]) {
        let length = text.unicodeScalars.count
        if let least = schema["minLength"]?.intValue, length < least {
            findings.append(SchemaFinding(path, "minLength", "\(length) characters, fewer than \(least)"))
        }
        if let most = schema["maxLength"]?.intValue, length > most {
            findings.append(SchemaFinding(path, "maxLength", "\(length) characters, more than \(most)"))
        }
        if let pattern = schema["pattern"]?.stringValue {
            if let expression = try? NSRegularExpression(pattern: pattern) {
                if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    findings.append(SchemaFinding(path, "pattern", "\(Self.show(.string(text))) does not match \(pattern)"))
                }
            } else {
                findings.append(SchemaFinding(path, "pattern", "the schema's pattern \(pattern) is not a regular expression"))
            }
        }
        switch schema["format"] {
        case nil: break
        case .string("date-time")?:
            if !Self.isDateTime(text) { findings.append(SchemaFinding(path, "format", "\(Self.show(.string(text))) is not an RFC 3339 date-time")) }
        case let format?: findings.append(SchemaFinding(path, "format", "the schema's format \(format) is not one the checker knows"))
        }
    }

    func checkNumber(_ value: JSONValue, _ schema: [String: JSONValue], _ path: String, into findings: inout [SchemaFinding]) {
        guard let number = Self.double(value) else { return }
        if let least = schema["minimum"].flatMap(Self.double), number < least {
            findings.append(SchemaFinding(path, "minimum", "\(Self.show(value)) is less than \(least)"))
        }
        if let most = schema["maximum"].flatMap(Self.double), number > most {
            findings.append(SchemaFinding(path, "maximum", "\(Self.show(value)) is more than \(most)"))
        }
    }

    /// RFC 3339's `date-time`: `2026-12-02T06:10:00Z`, fractions and offsets allowed.
    static func isDateTime(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#, options: .regularExpression) != nil
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number(let number): number.rounded() == number && number.isFinite ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    static func double(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    /// JSON equality: 1 and 1.0 are the same number.
    static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if let a = double(left), let b = double(right) { return a == b }
        switch (left, right) {
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(same)
        case (.object(let a), .object(let b)): return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        default: return left == right
        }
    }

    static func path(_ path: String, key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !key.isEmpty ? "\(path).\(key)" : "\(path)[\(show(.string(key)))]"
    }

    /// A value as compact JSON, cut at 80 characters.
    static func show(_ value: JSONValue) -> String {
        let text = (try? JSONCoding.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}

extension JSONValue {
    /// The elements, when this is an array.
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
