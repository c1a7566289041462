public import JSON

extension TextFieldState: JSONWritable {
    /// Writes the field as its synthesized `encode(to:)` does: absent optionals left out.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("actions", actions)
        try writer.member("id", id)
        try writer.member("kind", kind.rawValue)
        try writer.member("label", label)
        try writer.field("localization", localization)
        try writer.field("maxLength", maxLength)
        try writer.field("minLength", minLength)
        try writer.field("pattern", pattern)
        try writer.field("placeholder", placeholder)
        try writer.member("required", required)
        writer.endObject()
    }
}
