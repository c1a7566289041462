public import JSON

extension JSONSchema {
    /// Keywords that apply other schemas or refer to them: a broker that cannot follow them would accept
    /// inputs the author meant to refuse, so an announced schema holding one is refused, not half-enforced.
    public static let unevaluatedKeywords: Set<String> = [
        "$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas",
        "prefixItems", "contains", "patternProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties",
    ]

    /// Why the broker cannot evaluate `schema` as written, each problem with its JSON path; empty when it can.
    ///
    /// A problem is a schema that is neither an object nor a boolean, a keyword of the enforced subset with a
    /// value of the wrong kind (`"type": "strin"`, `"minLength": -1`, `"required": "name"`), bounds no value
    /// can meet (`minLength` over `maxLength`), or a keyword of `unevaluatedKeywords`. Other keywords
    /// (`pattern`, `format`, …) are ignored, as documented.
    public static func problems(in schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let keywords) = schema else {
            return schema.boolValue == nil ? ["\(path): a schema is an object or a boolean, not \(schema.typeName)"] : []
        }
        var found = keywords.keys.filter(unevaluatedKeywords.contains).sorted().map {
            "\(path): uses \($0), which the broker does not evaluate"
        }
        for (keyword, value) in keywords.sorted(by: { $0.key < $1.key }) {
            found += problems(of: keyword, value, at: path)
        }
        for (low, high) in [("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems")] {
            if let min = keywords[low]?.numberValue, let max = keywords[high]?.numberValue, min > max {
                found.append("\(path): \(low) \(keywords[low]!.compactText) is more than \(high) \(keywords[high]!.compactText), so no input is valid")
            }
        }
        return found
    }

    private static func problems(of keyword: String, _ value: JSONValue, at path: String) -> [String] {
        let at = "\(path).\(keyword)"
        switch keyword {
        case "type":
            let names = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue)
            guard let names, names.count == (value.arrayValue?.count ?? 1) else { return ["\(at): must be a type name or a list of them"] }
            return names.filter { Kind(rawValue: $0) == nil }.map {
                "\(at): \"\($0)\" is not a JSON type (\(Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
        case "properties":
            guard case .object(let properties) = value else { return ["\(at): must be an object of schemas"] }
            return properties.sorted { $0.key < $1.key }.flatMap { problems(in: $0.value, at: "\(at).\($0.key)") }
        case "items", "additionalProperties":
            return problems(in: value, at: at)
        case "required":
            guard let names = value.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else { return ["\(at): must be a list of property names"] }
            return []
        case "enum":
            return value.arrayValue == nil ? ["\(at): must be a list of values"] : []
        case "description":
            return value.stringValue == nil ? ["\(at): must be a string"] : []
        case "minimum", "maximum":
            return value.numberValue == nil ? ["\(at): must be a number"] : []
        case "minLength", "maxLength", "minItems", "maxItems":
            guard let count = value.intValue, count >= 0 else { return ["\(at): must be a whole number, 0 or more"] }
            return []
        default:
            return []
        }
    }
}

extension JSONValue {
    /// The elements, when this is an array.
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number, when this is one.
    var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
