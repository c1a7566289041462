import Foundation
public import JSON
import Presentation

extension Event.Kind: JSONReadable {}

extension Event: JSONReadable {
    /// A published or journaled event, with whichever of job, presentation and resolution it carries; an event
    /// journaled with the whole job reads with its summary.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var sequence: Int64?
        var type: Kind?
        var at: Date?
        var job: JobSummary?
        var presentation: Presentation?
        var resolution: Resolution?
        var approvals: ApprovalProgress?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "sequence": sequence = try reader.readIfPresent()
            case "type": type = try reader.readIfPresent()
            case "at": at = try reader.readIfPresent()
            case "job": job = try reader.readIfPresent()
            case "presentation": presentation = try reader.readIfPresent()
            case "resolution": resolution = try reader.readIfPresent()
            case "approvals": approvals = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let sequence, let type, let at else { throw JSONReadError(offset: start, reason: "Event needs \"sequence\", \"type\" and \"at\"") }
        self.init(sequence: sequence, type: type, at: at, job: job, presentation: presentation, resolution: resolution, approvals: approvals)
    }
}
