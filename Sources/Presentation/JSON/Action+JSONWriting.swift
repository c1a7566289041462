public import JSON

extension Action: JSONWritable {
    /// Writes the action as its `encode(to:)` does: `role` as `null` when absent, `localization` only when set,
    /// `approvals` only when not 1.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("approvals", approvals == 1 ? nil : approvals)
        try writer.member("id", id)
        try writer.member("label", label)
        try writer.field("localization", localization)
        try writer.nullable("role", role?.rawValue)
        writer.endObject()
    }
}

extension Approval: JSONWritable {
    /// Writes the approval as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("action", action)
        try writer.member("at", at)
        try writer.member("by", by)
        try writer.member("channel", channel)
        writer.endObject()
    }
}

extension ApprovalProgress: JSONWritable {
    /// Writes the progress as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("action", action)
        try writer.member("approvals", approvals)
        try writer.member("needed", needed)
        try writer.member("presentation", presentation)
        writer.endObject()
    }
}
