import Foundation
public import JSON
import Presentation

extension Job.State: JSONReadable {}

extension Job: JSONReadable {
    /// A stored or sent job, as `init(from:)` reads it: no input is an empty object, `waiting` is stored as running.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var id: String?
        var operation: String?
        var input: RawJSON?
        var presentation: Presentation?
        var state: State?
        var result: RawJSON?
        var error: Failure?
        var progress: Progress?
        var attempts: Int?
        var redispatches: Int?
        var outcome: Outcome?
        var answerWithin: TimeInterval?
        var audience: Audience?
        var createdAt: Date?
        var updatedAt: Date?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            case "operation": operation = try reader.readIfPresent()
            case "input": input = try reader.readIfPresent()
            case "presentation": presentation = try reader.readIfPresent()
            case "state": state = try reader.readIfPresent()
            case "result": result = try reader.readIfPresent()
            case "error": error = try reader.readIfPresent()
            case "progress": progress = try reader.readIfPresent()
            case "attempts": attempts = try reader.readIfPresent()
            case "redispatches": redispatches = try reader.readIfPresent()
            case "outcome": outcome = try reader.readIfPresent()
            case "answerWithin": answerWithin = try reader.readIfPresent()
            case "audience": audience = try reader.readIfPresent()
            case "createdAt": createdAt = try reader.readIfPresent()
            case "updatedAt": updatedAt = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let id, let operation, let state, let createdAt, let updatedAt else {
            throw JSONReadError(offset: start, reason: "Job needs \"id\", \"operation\", \"state\", \"createdAt\" and \"updatedAt\"")
        }
        self.init(
            id: id, operation: operation, input: input ?? .emptyObject, phase: state == .waiting ? .running : Phase(rawValue: state.rawValue)!,
            presentation: presentation, result: result, error: error, progress: progress, attempts: attempts ?? 0,
            createdAt: createdAt, updatedAt: updatedAt)
        self.redispatches = redispatches ?? 0
        self.outcome = outcome
        self.answerWithin = answerWithin
        self.audience = audience
    }
}

extension Job.Failure: JSONReadable {
    /// A failure's code and message.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var code: String?
        var message: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "code": code = try reader.readIfPresent()
            case "message": message = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let code, let message else { throw JSONReadError(offset: start, reason: "Failure needs \"code\" and \"message\"") }
        self.init(code: code, message: message)
    }
}

extension Job.Progress: JSONReadable {
    /// How far a running job has come.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var done: Int64?
        var total: Int64?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "done": done = try reader.readIfPresent()
            case "total": total = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let done, let total else { throw JSONReadError(offset: start, reason: "Progress needs \"done\" and \"total\"") }
        self.init(done: done, total: total)
    }
}

extension Job.Outcome: JSONReadable {
    /// How the job's last question ended.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var action: String?
        var cause: Resolution.Cause?
        var presentation: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "action": action = try reader.readIfPresent()
            case "cause": cause = try reader.readIfPresent()
            case "presentation": presentation = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let cause, let presentation else { throw JSONReadError(offset: start, reason: "Outcome needs \"cause\" and \"presentation\"") }
        self.action = action
        self.cause = cause
        self.presentation = presentation
    }
}
