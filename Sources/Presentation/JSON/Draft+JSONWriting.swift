public import JSON

extension Presentation.Draft: JSONWritable {
    /// Writes the draft as its synthesized `encode(to:)` does: absent optionals left out, keys sorted.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("actions", actions)
        try writer.field("audience", audience)
        try writer.field("error", error)
        try writer.field("escalation", escalation)
        try writer.field("expiresAfter", expiresAfter)
        try writer.field("fields", fields)
        try writer.field("item", item)
        try writer.member("kind", kind.rawValue)
        try writer.field("localization", localization)
        try writer.field("message", message)
        try writer.field("onExpiry", onExpiry)
        try writer.member("title", title)
        try writer.member("titleVisibility", titleVisibility.rawValue)
        writer.endObject()
    }
}
