import JSON

extension Action: JSONWritable {
    /// Writes the action as its `encode(to:)` does: `role` as `null` when absent, `localization` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("id", id)
        try writer.member("label", label)
        try writer.field("localization", localization)
        try writer.nullable("role", role?.rawValue)
        writer.endObject()
    }
}
