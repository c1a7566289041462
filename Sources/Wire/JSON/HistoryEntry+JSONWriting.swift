public import JSON
import Presentation

extension HistoryEntry: JSONWritable {
    /// Writes the entry as the synthesized `encode(to:)` does: every absent field left out.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("action", action)
        try writer.member("at", at)
        try writer.field("attempt", attempt)
        try writer.field("by", by)
        try writer.field("cause", cause?.rawValue)
        try writer.field("channel", channel)
        try writer.field("done", done)
        try writer.field("error", error)
        try writer.field("outcome", outcome)
        try writer.field("presentation", presentation)
        try writer.field("question", question)
        try writer.field("reason", reason)
        try writer.field("state", state?.rawValue)
        try writer.field("step", step)
        try writer.field("total", total)
        try writer.member("type", type.rawValue)
        try writer.field("values", values)
        try writer.field("worker", worker)
        writer.endObject()
    }
}
