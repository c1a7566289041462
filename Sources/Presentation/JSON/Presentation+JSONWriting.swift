public import JSON

extension Presentation: JSONWritable {
    /// Writes the presentation as its `encode(to:)` does: `message`, `item`, `error` and `expiresAt` as
    /// `null` when absent, `fields` only when there are some, `audience`, `localization`, `escalation`, `escalatedAt` and `onExpiry` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("actions", actions)
        try writer.field("audience", audience)
        try writer.member("createdAt", createdAt)
        try writer.nullable("error", error)
        try writer.field("escalatedAt", escalatedAt)
        try writer.field("escalation", escalation)
        try writer.nullable("expiresAt", expiresAt)
        try writer.field("fields", fields.isEmpty ? nil : fields)
        try writer.member("id", id)
        try writer.nullable("item", item)
        try writer.member("job", job)
        try writer.member("kind", kind.rawValue)
        try writer.field("localization", localization)
        try writer.nullable("message", message)
        try writer.field("onExpiry", onExpiry)
        try writer.member("sequence", sequence)
        try writer.member("title", title)
        try writer.member("titleVisibility", titleVisibility.rawValue)
        writer.endObject()
    }
}
