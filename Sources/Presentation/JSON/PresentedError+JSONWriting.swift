public import JSON

extension PresentedError: JSONWritable {
    /// Writes the error as its `encode(to:)` does: `failureReason` and `recoverySuggestion` as `null` when absent.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("code", code)
        try writer.member("description", description)
        try writer.nullable("failureReason", failureReason)
        try writer.nullable("recoverySuggestion", recoverySuggestion)
        writer.endObject()
    }
}
