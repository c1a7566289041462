import Foundation
public import JSON
import Presentation

extension WorkerMessage.Attempt: JSONReadable {
    /// A job and its attempt, as the synthesized `init(from:)` reads them.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt else { throw JSONReadError(offset: start, reason: "Attempt needs \"job\" and \"attempt\"") }
        self.init(job: job, attempt: attempt)
    }
}

extension WorkerMessage.Result.Outcome: JSONReadable {}

extension WorkerMessage.Result: JSONReadable {
    /// How a job ended on its worker; a `null` output or error is none.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        var outcome: Outcome?
        var output: RawJSON?
        var error: Job.Failure?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            case "outcome": outcome = try reader.readIfPresent()
            case "output": output = try reader.readIfPresent()
            case "error": error = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt, let outcome else {
            throw JSONReadError(offset: start, reason: "Result needs \"job\", \"attempt\" and \"outcome\"")
        }
        self.init(job: job, attempt: attempt, outcome: outcome, output: output, error: error)
    }
}

extension WorkerMessage.ProgressReport: JSONReadable {
    /// How far a job has come on its worker.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        var done: Int64?
        var total: Int64?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            case "done": done = try reader.readIfPresent()
            case "total": total = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt, let done, let total else {
            throw JSONReadError(offset: start, reason: "ProgressReport needs \"job\", \"attempt\", \"done\" and \"total\"")
        }
        self.init(job: job, attempt: attempt, done: done, total: total)
    }
}

extension WorkerMessage.Step: JSONReadable {
    /// A step's result; its value is required, and `null` is a value (as for any JSON value), kept as the worker's bytes.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        var name: String?
        var value: RawJSON?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            case "name": name = try reader.readIfPresent()
            case "value": value = try reader.read()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt, let name, let value else {
            throw JSONReadError(offset: start, reason: "Step needs \"job\", \"attempt\", \"name\" and \"value\"")
        }
        self.init(job: job, attempt: attempt, name: name, value: value)
    }
}

extension WorkerMessage.Present: JSONReadable {
    /// A question a job asks, with its job, attempt and sequence.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: String?
        var attempt: Int?
        var sequence: Int?
        var draft: Presentation.Draft?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.readIfPresent()
            case "attempt": attempt = try reader.readIfPresent()
            case "sequence": sequence = try reader.readIfPresent()
            case "draft": draft = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let job, let attempt, let sequence, let draft else {
            throw JSONReadError(offset: start, reason: "Present needs \"job\", \"attempt\", \"sequence\" and \"draft\"")
        }
        self.init(job: job, attempt: attempt, sequence: sequence, draft: draft)
    }
}
