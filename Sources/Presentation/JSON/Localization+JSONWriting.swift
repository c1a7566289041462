public import JSON

extension Localization: JSONWritable {
    /// Writes the key and its arguments (an empty list too), as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("arguments", arguments)
        try writer.member("key", key)
        writer.endObject()
    }
}
