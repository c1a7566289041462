public import JSON

extension Audience: JSONWritable {
    /// Writes both lists, empty or not, as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("groups", groups)
        try writer.member("users", users)
        writer.endObject()
    }
}

extension Escalation: JSONWritable {
    /// Writes the delay and the audience it adds, as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("afterSeconds", afterSeconds)
        try writer.member("to", to)
        writer.endObject()
    }
}
