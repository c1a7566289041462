import JSON

extension JSONSchema {
    /// A schema of one type.
    public init(_ type: Kind, description: String? = nil) {
        self.init()
        self.type = [type]
        self.description = description
    }

    /// A string, optionally limited in length (in characters) or to some values.
    public static func string(
        minLength: Int? = nil, maxLength: Int? = nil, oneOf values: [String]? = nil, description: String? = nil
    ) -> JSONSchema {
        var schema = JSONSchema(.string, description: description)
        schema.minLength = minLength
        schema.maxLength = maxLength
        schema.enum = values?.map(JSONValue.string)
        return schema
    }

    /// A whole number, optionally within bounds.
    public static func integer(minimum: Int64? = nil, maximum: Int64? = nil, description: String? = nil) -> JSONSchema {
        var schema = JSONSchema(.integer, description: description)
        schema.minimum = minimum.map(Double.init)
        schema.maximum = maximum.map(Double.init)
        return schema
    }

    /// A number, optionally within bounds.
    public static func number(minimum: Double? = nil, maximum: Double? = nil, description: String? = nil) -> JSONSchema {
        var schema = JSONSchema(.number, description: description)
        schema.minimum = minimum
        schema.maximum = maximum
        return schema
    }

    /// `true` or `false`.
    public static func boolean(description: String? = nil) -> JSONSchema { JSONSchema(.boolean, description: description) }

    /// An array whose elements satisfy `items`, optionally limited in count.
    public static func array(
        of items: JSONSchema, minItems: Int? = nil, maxItems: Int? = nil, description: String? = nil
    ) -> JSONSchema {
        var schema = JSONSchema(.array, description: description)
        schema.items = items
        schema.minItems = minItems
        schema.maxItems = maxItems
        return schema
    }

    /// An object with these properties, of which `required` must be present.
    public static func object(
        _ properties: [String: JSONSchema], required: [String] = [], additionalProperties: AdditionalProperties? = nil,
        description: String? = nil
    ) -> JSONSchema {
        var schema = JSONSchema(.object, description: description)
        schema.properties = properties
        schema.required = required.isEmpty ? nil : required
        schema.additionalProperties = additionalProperties
        return schema
    }

    /// The same schema, also allowing `null`.
    public var orNull: JSONSchema {
        var schema = self
        if let type, !type.contains(.null) { schema.type = type + [.null] }
        if let values = self.enum, !values.contains(.null) { schema.enum = values + [.null] }
        return schema
    }
}
