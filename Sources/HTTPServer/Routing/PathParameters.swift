/// The values of a matched route's `{name}` segments, percent-decoded; `require` reads one or fails
/// the request with 400, so a handler never works on an empty stand-in.
public struct PathParameters: Sendable, Hashable, Encodable, ExpressibleByDictionaryLiteral {
    private var values: [String: String]

    /// Parameters from a dictionary.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Parameters from literal pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements) { _, last in last }
    }

    /// The value of `name`, or nil.
    public subscript(name: String) -> String? { values[name] }

    /// The value of `name`; 400 (`missingParameter`) when the route has none or it is empty.
    public func require(_ name: String) throws(HTTPError) -> String {
        guard let value = values[name], !value.isEmpty else {
            throw HTTPError(400, "missingParameter", "The path needs a value for {\(name)}.")
        }
        return value
    }

    /// The value of `name` as a `Value`; 400 when it is missing or does not read as one.
    public func require<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws(HTTPError) -> Value {
        let text = try require(name)
        guard let value = Value(text) else {
            throw HTTPError(400, "invalidParameter", "{\(name)} must be a \(Value.self), got \"\(text)\".")
        }
        return value
    }

    /// Encodes as a JSON object of the values.
    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }
}
