public import JSON

/// A JSON Schema (draft 2020-12) in the subset Interlude enforces: `type`, `properties`, `required`,
/// `enum`, `items`, `minimum`/`maximum`, `minLength`/`maxLength`, `minItems`/`maxItems` and
/// `additionalProperties`, plus the `description` annotation. Other keywords are not kept.
///
/// A worker announces one per operation for its input; the broker checks every submit against it.
public struct JSONSchema: Sendable, Hashable {
    /// The JSON types a value may have; `nil` allows any.
    public var type: [Kind]?
    /// What the value is, for a person reading the schema.
    public var description: String?
    /// The allowed values; `nil` allows any.
    public var `enum`: [JSONValue]?
    /// Schemas of an object's named properties.
    public var properties: [String: JSONSchema]?
    /// Properties an object must have.
    public var required: [String]?
    /// What an object may hold besides `properties`; `nil` allows anything.
    public var additionalProperties: AdditionalProperties?
    /// Smallest number allowed (inclusive).
    public var minimum: Double?
    /// Largest number allowed (inclusive).
    public var maximum: Double?
    /// Fewest characters (Unicode code points) a string may have.
    public var minLength: Int?
    /// Most characters (Unicode code points) a string may have.
    public var maxLength: Int?
    /// Fewest elements an array may have.
    public var minItems: Int?
    /// Most elements an array may have.
    public var maxItems: Int?
    // An array, so that the struct can hold a schema of its own type.
    private var itemStorage: [JSONSchema]

    /// The empty schema: every value is valid.
    public init() {
        itemStorage = []
    }

    /// The schema of an array's elements; `nil` allows any.
    public var items: JSONSchema? {
        get { itemStorage.first }
        set { itemStorage = newValue.map { [$0] } ?? [] }
    }

    /// A JSON value's type, as `type` names it.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// The JSON types, as `type` spells them.
        case null, boolean, object, array, number, integer, string
    }

    /// `additionalProperties`: `true`, `false`, or a schema every other property must satisfy.
    public indirect enum AdditionalProperties: Sendable, Hashable {
        /// Any other property is allowed (`true`).
        case allowed
        /// No other property is allowed (`false`).
        case forbidden
        /// Every other property must satisfy this schema.
        case schema(JSONSchema)
    }
}
