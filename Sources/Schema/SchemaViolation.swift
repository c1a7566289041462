/// One way a value breaks a schema: where (a JSON path such as `$.items[2].name`) and what.
public struct SchemaViolation: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value; for a missing property, the path it should have.
    public let path: String
    /// What is wrong, such as `is required` or `must have at most 100 characters, has 140`.
    public let message: String

    /// A violation at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
