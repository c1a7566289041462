import Foundation
public import JSON
import Presentation

extension JobSummary: JSONReadable {
    /// An event's job, as `init(from:)` reads it; a whole job (as events were journaled before they carried
    /// a summary) reads as its summary, the rest of it passed over.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var id: String?
        var operation: String?
        var state: Job.State?
        var attempts: Int?
        var updatedAt: Date?
        var result: RawJSON?
        var error: Job.Failure?
        var outcome: Job.Outcome?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            case "operation": operation = try reader.readIfPresent()
            case "state": state = try reader.readIfPresent()
            case "attempts": attempts = try reader.readIfPresent()
            case "updatedAt": updatedAt = try reader.readIfPresent()
            case "result": result = try reader.readIfPresent()
            case "error": error = try reader.readIfPresent()
            case "outcome": outcome = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let id, let operation, let state, let attempts, let updatedAt else {
            throw JSONReadError(offset: start, reason: "JobSummary needs \"id\", \"operation\", \"state\", \"attempts\" and \"updatedAt\"")
        }
        self.init(
            id: id, operation: operation, state: state, attempts: attempts, updatedAt: updatedAt, result: result, error: error,
            outcome: outcome)
    }
}
