import Client
import Configuration
import Foundation
import GatewayClient
import JSON
import Presentation
import Resolver
import Wire

/// The gateway over HTTP, with a token: what a person uses from their own machine, where only the
/// gateway is published. Its refusals come back as the broker's (`WireError`), so the commands print
/// and exit as they do over ZeroMQ.
struct GatewayBackend: InterludeBackend {
    let client: GatewayClient

    func answeringName(_ option: String?, _ settings: Settings) async throws -> String {
        let name = try await wire { () async throws(GatewayClientError) in try await client.me().name }
        if let option, option != name { throw UsageError("--as \(option): over the gateway, answers are recorded under the token's name, \(name)") }
        return name
    }

    func allPending() async throws(WireError) -> BrokerReply.PendingSnapshot {
        try await wire { () async throws(GatewayClientError) in try await client.allPending() }
    }
    func operations() async throws(WireError) -> BrokerReply.OperationList {
        try await wire { () async throws(GatewayClientError) in try await client.operations() }
    }
    func presentation(_ id: String) async throws(WireError) -> BrokerReply.PresentationState {
        try await wire { () async throws(GatewayClientError) in try await client.presentation(id) }
    }
    func answer(_ id: String, action: String, by: String, channel: String, values: [String: String]?) async throws(WireError) -> AnswerReply {
        try await answer(id, action: action, dismiss: false, by: by, channel: channel, values: values)
    }
    func pending(limit: Int?, after: String?) async throws(WireError) -> BrokerReply.PendingSnapshot {
        try await wire { () async throws(GatewayClientError) in try await client.pending(limit: limit, cursor: after) }
    }
    /// The token's name and groups decide: those naming it first, then those of its groups or for anyone.
    func mine(_ presentations: [Presentation], name: String) async throws(WireError) -> [Presentation] {
        let caller = try await wire { () async throws(GatewayClientError) in try await client.me() }
        let named = presentations.filter { $0.audience?.users.contains(caller.name) == true }
        return named + presentations.filter { caller.mayAnswer($0) && $0.audience?.users.contains(caller.name) != true }
    }
    /// The gateway records the token's name (whatever `by` says) and the channel given.
    func answer(_ id: String, action: String?, dismiss: Bool, by: String, channel: String, values: [String: String]?) async throws(WireError) -> AnswerReply {
        try await wire { () async throws(GatewayClientError) in
            if dismiss { return .resolved(try await client.dismiss(id, channel: channel)) }
            return try await client.answering(id, action: action ?? "", values: values ?? [:], channel: channel)
        }
    }
    func stats() async throws(WireError) -> BrokerReply.Stats { try await wire { () async throws(GatewayClientError) in try await client.status() } }
    func status(_ job: String) async throws(WireError) -> Job { try await wire { () async throws(GatewayClientError) in try await client.job(job) } }
    func fullHistory(of job: String) async throws(WireError) -> (entries: [HistoryEntry], refusalsOmitted: Int) {
        try await wire { () async throws(GatewayClientError) in
            var page = try await client.history(of: job, limit: 500)
            var entries = page.history
            while let next = page.next {
                page = try await client.history(of: job, limit: 500, cursor: next)
                entries += page.history
            }
            return (entries, page.refusalsOmitted)
        }
    }
    func cancel(_ job: String) async throws(WireError) -> Job { try await wire { () async throws(GatewayClientError) in try await client.cancel(job) } }
    func jobs(state: Job.State?, limit: Int?, after: String?) async throws(WireError) -> BrokerReply.JobPage {
        try await wire { () async throws(GatewayClientError) in try await client.jobs(state: state, limit: limit, cursor: after) }
    }
    func submit(_ operation: String, input: RawJSON, idempotencyKey: String?, answerWithin: TimeInterval?, audience: Audience?) async throws(WireError)
        -> Job
    {
        try await wire { () async throws(GatewayClientError) in
            try await client.submit(operation, input: input, idempotencyKey: idempotencyKey, answerWithin: answerWithin, audience: audience)
        }
    }
    func submit(many batch: ClientRequest.SubmitMany) async throws(WireError) -> BrokerReply.Submitted {
        try await wire { () async throws(GatewayClientError) in try await client.submit(many: batch) }
    }
    func operations(named name: String?) async throws(WireError) -> BrokerReply.OperationList {
        guard let name else { return try await operations() }
        // 404 when no worker announced it: the broker's notFound, exit 1 as over ZeroMQ.
        return BrokerReply.OperationList(operations: [try await wire { () async throws(GatewayClientError) in try await client.operation(name) }])
    }

    /// A snapshot, then the event stream after it (resumed after a drop by the client); a failure is
    /// reported and, after a pause, a new snapshot taken.
    func followPending(
        silence: Duration, report: @escaping @Sendable (WireError) -> Void,
        deliver: @escaping @Sendable (EventFollower<BrokerReply.PendingSnapshot>.Update) async throws -> Void
    ) async throws {
        while !Task.isCancelled {
            do {
                let snapshot = try await allPending()
                try await deliver(.snapshot(snapshot))
                for try await event in client.events(after: snapshot.sequence) { try await deliver(.events([event])) }
                return
            } catch let error as WireError {
                report(error)
            } catch let error as GatewayClientError {
                report(Self.wire(error))
            }
            try await Task.sleep(for: silence)
        }
    }

    /// The call's `GatewayClientError` as the broker's refusal of the same code (`unavailable` when none came).
    private func wire<T>(_ call: () async throws(GatewayClientError) -> T) async throws(WireError) -> T {
        do {
            return try await call()
        } catch {
            throw Self.wire(error)
        }
    }

    static func wire(_ error: GatewayClientError) -> WireError {
        let code = WireError.Code(rawValue: error.code) ?? (error.status == 0 ? .unavailable : .internal)
        return WireError(code, error.message, resolution: error.resolution)
    }
}
