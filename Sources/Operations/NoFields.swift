public import WorkerKit

/// The input or output of an operation that takes or gives nothing: `{}` on the wire.
public struct NoFields: Codable, Sendable, Hashable, SchemaDescribing {
    /// The empty value.
    public init() {}

    /// An object; its members, if any, are ignored.
    public static var jsonSchema: JSONSchema { JSONSchema(.object) }
}
