public import JSON
import Presentation

extension Event: JSONWritable {
    /// Writes the event as the synthesized `encode(to:)` does: `approvals`, `job`, `presentation` and `resolution` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("approvals", approvals)
        try writer.member("at", at)
        try writer.field("job", job)
        try writer.field("presentation", presentation)
        try writer.field("resolution", resolution)
        try writer.member("sequence", sequence)
        try writer.member("type", type.rawValue)
        writer.endObject()
    }
}
