import Foundation
public import JSON
import Presentation

extension BrokerCommand.Dispatch: JSONReadable {
    /// A job handed to a worker; its input is required, and `null` is an input.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        var operation: String?
        var input: RawJSON?
        var history: History?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            case "operation": operation = try reader.readIfPresent()
            case "input": input = try reader.read()
            case "history": history = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt, let operation, let input, let history else {
            throw JSONReadError(offset: start, reason: "Dispatch needs \"job\", \"attempt\", \"operation\", \"input\" and \"history\"")
        }
        self.init(job: job, attempt: attempt, operation: operation, input: input, history: history)
    }
}

extension History: JSONReadable {
    /// What earlier attempts recorded: both lists are required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var steps: [String: RawJSON]?
        var answered: [Answered]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "steps": steps = try reader.readIfPresent()
            case "answered": answered = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let steps, let answered else { throw JSONReadError(offset: start, reason: "History needs \"steps\" and \"answered\"") }
        self.init(steps: steps, answered: answered)
    }
}

extension History.Answered: JSONReadable {
    /// A resolved question of an earlier attempt.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var sequence: Int?
        var resolution: Resolution?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "sequence": sequence = try reader.readIfPresent()
            case "resolution": resolution = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let sequence, let resolution else { throw JSONReadError(offset: start, reason: "Answered needs \"sequence\" and \"resolution\"") }
        self.init(sequence: sequence, resolution: resolution)
    }
}

extension BrokerCommand.Resume: JSONReadable {
    /// A resolved question for a suspended job, with the secure values sent this once.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        var sequence: Int?
        var resolution: Resolution?
        var secureValues: [String: String]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            case "sequence": sequence = try reader.readIfPresent()
            case "resolution": resolution = try reader.readIfPresent()
            case "secureValues": secureValues = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt, let sequence, let resolution else {
            throw JSONReadError(offset: start, reason: "Resume needs \"job\", \"attempt\", \"sequence\" and \"resolution\"")
        }
        // As `init(from:)`: the resolution read without secure values, which come in their own field.
        self.job = job
        self.attempt = attempt
        self.sequence = sequence
        self.resolution = resolution
        self.secureValues = secureValues
    }
}

extension BrokerCommand.Asked: JSONReadable {
    /// A question's acknowledgement: its id is required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var id: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let id else { throw JSONReadError(offset: start, reason: "Asked needs \"id\"") }
        self.init(id: id)
    }
}
