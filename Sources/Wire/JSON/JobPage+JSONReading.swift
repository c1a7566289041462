public import JSON
import Presentation

extension BrokerReply.JobPage: JSONReadable {
    /// A page as `init(from:)` reads it: `cutShort` and `trimmed` may be absent.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var jobs: [Job]?
        var next: String?
        var cutShort: Bool?
        var trimmed: [String]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "jobs": jobs = try reader.readIfPresent()
            case "next": next = try reader.readIfPresent()
            case "cutShort": cutShort = try reader.readIfPresent()
            case "trimmed": trimmed = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let jobs else { throw JSONReadError(offset: start, reason: "JobPage needs \"jobs\"") }
        self.init(jobs: jobs, next: next, cutShort: cutShort ?? false, trimmed: trimmed ?? [])
    }
}
