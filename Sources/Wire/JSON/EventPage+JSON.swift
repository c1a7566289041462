public import JSON
import Presentation

extension BrokerReply.EventPage: JSONReadable, JSONWritable {
    /// A page as `init(from:)` reads it, each event with its own one-pass reader, so a job's result keeps its
    /// worker's bytes: `next`, `cutShort`, `trimmed` and `prunedThrough` may be absent.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var events: [Event]?
        var last: Int64?
        var next: Int64?
        var cutShort: Bool?
        var trimmed: [String]?
        var prunedThrough: Int64?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "events": events = try reader.readIfPresent()
            case "last": last = try reader.readIfPresent()
            case "next": next = try reader.readIfPresent()
            case "cutShort": cutShort = try reader.readIfPresent()
            case "trimmed": trimmed = try reader.readIfPresent()
            case "prunedThrough": prunedThrough = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let events, let last else { throw JSONReadError(offset: start, reason: "EventPage needs \"events\" and \"last\"") }
        self.init(events: events, last: last, next: next, cutShort: cutShort ?? false, trimmed: trimmed ?? [], prunedThrough: prunedThrough)
    }

    /// Writes the page as `encode(to:)` does, keys sorted: `next` always (null on the last page), `trimmed` only
    /// when some were, `prunedThrough` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("cutShort", cutShort)
        try writer.member("events", events)
        try writer.member("last", last)
        try writer.nullable("next", next)
        try writer.field("prunedThrough", prunedThrough)
        if !trimmed.isEmpty { try writer.member("trimmed", trimmed) }
        writer.endObject()
    }
}
