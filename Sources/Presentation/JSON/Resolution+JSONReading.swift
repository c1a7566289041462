import Foundation
public import JSON

extension Resolution.Cause: JSONReadable {}

extension Resolution: JSONReadable {
    /// How a presentation ended; `secureValues` are never stored, so never read.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var presentation: String?
        var job: String?
        var cause: Cause?
        var action: String?
        var by: String?
        var channel: String?
        var at: Date?
        var values: [String: String]?
        var approvals: [Approval]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "presentation": presentation = try reader.readIfPresent()
            case "job": job = try reader.readIfPresent()
            case "cause": cause = try reader.readIfPresent()
            case "action": action = try reader.readIfPresent()
            case "by": by = try reader.readIfPresent()
            case "channel": channel = try reader.readIfPresent()
            case "at": at = try reader.readIfPresent()
            case "values": values = try reader.readIfPresent()
            case "approvals": approvals = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let presentation, let job, let cause, let at else {
            throw JSONReadError(offset: start, reason: "Resolution needs \"presentation\", \"job\", \"cause\" and \"at\"")
        }
        self.init(presentation: presentation, job: job, cause: cause, action: action, by: by, channel: channel, at: at, values: values, approvals: approvals)
    }
}
