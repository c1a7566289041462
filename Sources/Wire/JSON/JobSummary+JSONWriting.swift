public import JSON
import Presentation

extension JobSummary: JSONWritable {
    /// Writes the summary as the synthesized `encode(to:)` does: `result`, `error` and `outcome` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempts", attempts)
        try writer.field("error", error)
        try writer.member("id", id)
        try writer.member("operation", operation)
        try writer.field("outcome", outcome)
        try writer.field("result", result)
        try writer.member("state", state.rawValue)
        try writer.member("updatedAt", updatedAt)
        writer.endObject()
    }
}
