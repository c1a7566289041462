public import JSON
import Presentation

extension ClientRequest.Submit: JSONWritable {
    /// Writes the submit as the synthesized `encode(to:)` does: the optionals only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("answerWithin", answerWithin)
        try writer.field("audience", audience)
        try writer.field("idempotencyKey", idempotencyKey)
        try writer.member("input", input)
        try writer.member("operation", operation)
        writer.endObject()
    }
}
