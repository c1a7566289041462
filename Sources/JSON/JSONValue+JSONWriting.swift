extension JSONValue: JSONWritable {
    /// Writes the value as `JSONCoding.encoder` does: object keys in the order of their UTF-8 bytes.
    public func write(to writer: inout JSONWriter) throws {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.integer(value)
        case .number(let value): try writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let values): try writer.array(values)
        case .object(let members): try writer.object(members)
        }
    }
}
