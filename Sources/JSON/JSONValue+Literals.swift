/// JSON written as Swift literals: `["name": "Ada", "count": 3, "tags": ["a", "b"], "ok": true]` is a
/// `JSONValue` where one is expected (a question's `item`, a schema check in a test). `null` is `.null`.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// A whole number, such as `3`.
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// A number with a fraction, such as `2.5`.
    public init(floatLiteral value: Double) { self = .number(value) }

    /// A string, such as `"Ada"`.
    public init(stringLiteral value: String) { self = .string(value) }

    /// An array, such as `["a", 1]`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// An object, such as `["name": "Ada"]`; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
