import Foundation
import Presentation

extension ClientRequest.Submit: ClientRequestBody {
    /// The operation's name, the input's size, the key's name, the deadline and the audience.
    public func check(_ limits: MessageLimits) throws(WireError) {
        try Names.check(operation, as: "operation")
        try limits.check(input: input)
        if let idempotencyKey { try Names.check(idempotencyKey, as: "idempotencyKey", maxLength: 255) }
        if let answerWithin, !(answerWithin > 0 && answerWithin <= Self.longestAnswerWithin) {
            throw WireError(.invalidBody, "answerWithin must be more than 0 and at most \(Int(Self.longestAnswerWithin)) seconds (a year), got \(answerWithin)")
        }
        if let problem = audience?.problem { throw WireError(.invalidBody, problem) }
    }

    /// The longest deadline a submit may give its questions: a year.
    static let longestAnswerWithin: TimeInterval = 366 * 86_400
}

extension ClientRequest.AnswerRequest: ClientRequestBody {
    /// Who answers and through which channel, as names a person reads.
    public func check(_ limits: MessageLimits) throws(WireError) {
        try Names.check(by, as: "by")
        try Names.check(channel, as: "channel", maxLength: 32)
    }
}

extension ClientRequest.OperationsQuery: ClientRequestBody {
    /// The operation's name, when one is asked for.
    public func check(_ limits: MessageLimits) throws(WireError) {
        if let name { try Names.check(name, as: "name") }
    }
}

extension ClientRequest.HistoryQuery: ClientRequestBody {
    /// The job's id, as a name.
    public func check(_ limits: MessageLimits) throws(WireError) {
        try Names.check(job, as: "job")
    }
}

extension ClientRequest.JobRef: ClientRequestBody {}
extension ClientRequest.StatusQuery: ClientRequestBody {}
extension ClientRequest.PresentationRef: ClientRequestBody {}
extension ClientRequest.ListJobs: ClientRequestBody {}
extension ClientRequest.ListPending: ClientRequestBody {}
extension ClientRequest.EventsSince: ClientRequestBody {}
