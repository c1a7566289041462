/// The input or output of an operation that takes or gives nothing: `{}` on the wire.
public struct NoFields: Codable, Sendable, Hashable {
    /// The empty value.
    public init() {}
}
