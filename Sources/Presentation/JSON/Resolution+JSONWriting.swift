public import JSON

extension Resolution: JSONWritable {
    /// Writes the resolution as its `encode(to:)` does: `action`, `by` and `channel` as `null` when absent,
    /// `values` and `approvals` only when there are some, the secure values never.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.nullable("action", action)
        try writer.field("approvals", approvals?.isEmpty == false ? approvals : nil)
        try writer.member("at", at)
        try writer.nullable("by", by)
        try writer.member("cause", cause.rawValue)
        try writer.nullable("channel", channel)
        try writer.member("job", job)
        try writer.member("presentation", presentation)
        try writer.field("values", values?.isEmpty == false ? values : nil)
        writer.endObject()
    }
}
