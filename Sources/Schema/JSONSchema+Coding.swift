import JSON

extension JSONSchema: Codable {
    private enum Keyword: String, CodingKey {
        case type, description, `enum`, properties, required, additionalProperties, items
        case minimum, maximum, minLength, maxLength, minItems, maxItems
    }

    /// Reads a schema, ignoring keywords outside the subset; `true` reads as the empty schema and `false`
    /// as one no value satisfies.
    public init(from decoder: any Decoder) throws {
        self.init()
        if let single = try? decoder.singleValueContainer(), let allowsAll = try? single.decode(Bool.self) {
            if !allowsAll { self.enum = [] }
            return
        }
        let container = try decoder.container(keyedBy: Keyword.self)
        if let one = try? container.decode(Kind.self, forKey: .type) {
            type = [one]
        } else {
            type = try container.decodeIfPresent([Kind].self, forKey: .type)
        }
        description = try container.decodeIfPresent(String.self, forKey: .description)
        self.enum = try container.decodeIfPresent([JSONValue].self, forKey: .enum)
        properties = try container.decodeIfPresent([String: JSONSchema].self, forKey: .properties)
        required = try container.decodeIfPresent([String].self, forKey: .required)
        items = try container.decodeIfPresent(JSONSchema.self, forKey: .items)
        if let allowed = try? container.decode(Bool.self, forKey: .additionalProperties) {
            additionalProperties = allowed ? .allowed : .forbidden
        } else if let schema = try container.decodeIfPresent(JSONSchema.self, forKey: .additionalProperties) {
            additionalProperties = .schema(schema)
        }
        minimum = try container.decodeIfPresent(Double.self, forKey: .minimum)
        maximum = try container.decodeIfPresent(Double.self, forKey: .maximum)
        minLength = try container.decodeIfPresent(Int.self, forKey: .minLength)
        maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
        minItems = try container.decodeIfPresent(Int.self, forKey: .minItems)
        maxItems = try container.decodeIfPresent(Int.self, forKey: .maxItems)
    }

    /// Writes the standard keywords; a single type as a string, whole bounds as integers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keyword.self)
        if let type { type.count == 1 ? try container.encode(type[0], forKey: .type) : try container.encode(type, forKey: .type) }
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(self.enum, forKey: .enum)
        try container.encodeIfPresent(properties, forKey: .properties)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(items, forKey: .items)
        switch additionalProperties {
        case .allowed: try container.encode(true, forKey: .additionalProperties)
        case .forbidden: try container.encode(false, forKey: .additionalProperties)
        case .schema(let schema): try container.encode(schema, forKey: .additionalProperties)
        case nil: break
        }
        try container.encodeIfPresent(minimum.map(Self.number), forKey: .minimum)
        try container.encodeIfPresent(maximum.map(Self.number), forKey: .maximum)
        try container.encodeIfPresent(minLength, forKey: .minLength)
        try container.encodeIfPresent(maxLength, forKey: .maxLength)
        try container.encodeIfPresent(minItems, forKey: .minItems)
        try container.encodeIfPresent(maxItems, forKey: .maxItems)
    }

    /// A bound as JSON: `1`, not `1.0`, when it is whole.
    private static func number(_ value: Double) -> JSONValue {
        if let whole = Int64(exactly: value) { return .integer(whole) }
        return .number(value)
    }
}
