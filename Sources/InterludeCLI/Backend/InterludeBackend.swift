import Client
import Configuration
import Foundation
import JSON
import Presentation
import Resolver
import Wire

/// What the client commands ask of Interlude, one implementation per way of reaching it: the broker over
/// ZeroMQ (`BrokerBackend`) or the gateway over HTTP (`GatewayBackend`); the commands are written once.
protocol InterludeBackend: ResolverBackend {
    /// The name answers are recorded under: `--as` or the user name (ZeroMQ), the token's name (gateway).
    func answeringName(_ option: String?, _ settings: Settings) async throws -> String
    /// One page of what is pending; `after` is the previous page's `next`.
    func pending(limit: Int?, after: String?) async throws(WireError) -> BrokerReply.PendingSnapshot
    /// The questions `name` may answer, those naming them first.
    func mine(_ presentations: [Presentation], name: String) async throws(WireError) -> [Presentation]
    /// Answers or dismisses a presentation.
    func answer(_ id: String, action: String?, dismiss: Bool, by: String, channel: String, values: [String: String]?) async throws(WireError) -> AnswerReply
    /// The broker's counters.
    func stats() async throws(WireError) -> BrokerReply.Stats
    /// A job as it stands.
    func status(_ job: String) async throws(WireError) -> Job
    /// A job's whole timeline and the refusals it leaves out.
    func fullHistory(of job: String) async throws(WireError) -> (entries: [HistoryEntry], refusalsOmitted: Int)
    /// Cancels a job.
    func cancel(_ job: String) async throws(WireError) -> Job
    /// A page of jobs, newest first.
    func jobs(state: Job.State?, limit: Int?, after: String?) async throws(WireError) -> BrokerReply.JobPage
    /// Submits an operation.
    func submit(_ operation: String, input: RawJSON, idempotencyKey: String?, answerWithin: TimeInterval?, audience: Audience?) async throws(WireError)
        -> Job
    /// Submits many inputs of one operation in one request; each item's job id or refusal, in order.
    func submit(many batch: ClientRequest.SubmitMany) async throws(WireError) -> BrokerReply.Submitted
    /// The announced operations, or only `name`.
    func operations(named name: String?) async throws(WireError) -> BrokerReply.OperationList
}

extension InterludeBackend {
    /// Waits until the job has ended, asking for it every `poll`.
    func waitForEnd(of job: String, timeout: Duration, poll: Duration = .milliseconds(100)) async throws(WireError) -> Job {
        let deadline = ContinuousClock.now + timeout
        while true {
            let current = try await status(job)
            if current.isFinished { return current }
            guard ContinuousClock.now < deadline else { throw WireError(.timeout, "job \(job) is still \(current.state.rawValue) after \(timeout)") }
            try? await Task.sleep(for: poll)
        }
    }
}

extension BrokerBackend: InterludeBackend {
    func answeringName(_ option: String?, _ settings: Settings) async throws -> String { InterludeCLI.answeringName(option, settings) }
    func pending(limit: Int?, after: String?) async throws(WireError) -> BrokerReply.PendingSnapshot {
        try await connection.client.pending(limit: limit, after: after)
    }
    func mine(_ presentations: [Presentation], name: String) async throws(WireError) -> [Presentation] {
        let named = presentations.filter { $0.audience?.users.contains(name) == true }
        return named + presentations.filter { $0.audience == nil }
    }
    func answer(_ id: String, action: String?, dismiss: Bool, by: String, channel: String, values: [String: String]?) async throws(WireError) -> AnswerReply {
        try await connection.client.answer(id, action: action, dismiss: dismiss, by: by, channel: channel, values: values)
    }
    func stats() async throws(WireError) -> BrokerReply.Stats { try await connection.client.stats() }
    func status(_ job: String) async throws(WireError) -> Job { try await connection.client.status(job) }
    func fullHistory(of job: String) async throws(WireError) -> (entries: [HistoryEntry], refusalsOmitted: Int) {
        try await connection.client.fullHistory(of: job)
    }
    func cancel(_ job: String) async throws(WireError) -> Job { try await connection.client.cancel(job) }
    func jobs(state: Job.State?, limit: Int?, after: String?) async throws(WireError) -> BrokerReply.JobPage {
        try await connection.client.jobs(state: state, limit: limit, after: after)
    }
    func submit(_ operation: String, input: RawJSON, idempotencyKey: String?, answerWithin: TimeInterval?, audience: Audience?) async throws(WireError)
        -> Job
    {
        try await connection.client.submit(operation, input: input, idempotencyKey: idempotencyKey, answerWithin: answerWithin, audience: audience)
    }
    func submit(many batch: ClientRequest.SubmitMany) async throws(WireError) -> BrokerReply.Submitted {
        try await connection.client.submit(many: batch)
    }
    func operations(named name: String?) async throws(WireError) -> BrokerReply.OperationList { try await connection.client.operations(named: name) }
}
