import JSON

extension Audience: JSONWritable {
    /// Writes both lists, empty or not, as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("groups", groups)
        try writer.member("users", users)
        writer.endObject()
    }
}
