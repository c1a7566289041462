/// A type that states its own schema, for values whose `init(from:)` the derivation cannot follow
/// (a check that refuses placeholder values, keys decided at run time, enums with associated values).
public protocol SchemaDescribing {
    /// The schema of this type's JSON form.
    static var jsonSchema: JSONSchema { get }
}

/// Why a schema could not be derived, naming the type and where in it the derivation stopped.
public struct SchemaDerivationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The type whose schema was asked for.
    public let type: String
    /// Where in it: a coding path such as `stops.0.place`, empty at the top.
    public let path: String
    /// What went wrong.
    public let reason: String

    public var description: String {
        "cannot derive a JSON Schema for \(type)\(path.isEmpty ? "" : " at \(path)"): \(reason); "
            + "write it yourself (an operation's `inputSchema`, or `SchemaDescribing` on the type)"
    }
}
