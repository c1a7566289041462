public import JSON
import Presentation

extension BrokerReply.JobPage: JSONWritable {
    /// Writes the page as `encode(to:)` does: `next` always (null on the last page), `trimmed` only when some were.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("cutShort", cutShort)
        try writer.member("jobs", jobs)
        try writer.nullable("next", next)
        if !trimmed.isEmpty { try writer.member("trimmed", trimmed) }
        writer.endObject()
    }
}
