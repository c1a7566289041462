public import Foundation
public import JSON
public import Presentation
public import Wire

extension BrokerClient {
    /// Submits an operation and returns the queued job; an input over the size policy's share is
    /// refused here (`tooLarge`), before it is sent.
    public func submit(
        _ operation: String, input: RawJSON, idempotencyKey: String? = nil, answerWithin: TimeInterval? = nil, audience: Audience? = nil
    ) async throws(WireError) -> Job {
        try limits.check(input: input)
        return try await job(
            .submit(
                .init(
                    operation: operation, input: input, idempotencyKey: idempotencyKey, answerWithin: answerWithin, audience: audience)))
    }

    /// Submits many inputs of one operation in one request (journaled in one commit) and returns each item's
    /// job id or refusal, in order; a batch over `maxMessageBytes` is refused here (`tooLarge`), before it is sent; an atomic batch with a bad item throws that item's refusal, queueing nothing.
    public func submit(many batch: ClientRequest.SubmitMany) async throws(WireError) -> BrokerReply.Submitted {
        try limits.check(batch: batch)
        switch await request(.submitMany(batch)) {
        case .submitted(let submitted): return submitted
        case let other: throw Self.unexpected(other)
        }
    }

    /// The job's current state.
    public func status(_ job: String) async throws(WireError) -> Job {
        try await self.job(.status(.init(job: job)))
    }

    /// Asks to cancel a job; returns it as it stands after the request.
    public func cancel(_ job: String) async throws(WireError) -> Job {
        try await self.job(.cancel(.init(job: job)))
    }

    /// A page of jobs, newest first; `after` is the previous page's `next`.
    public func jobs(state: Job.State? = nil, limit: Int? = nil, after: String? = nil) async throws(WireError) -> BrokerReply.JobPage {
        switch await request(.jobs(.init(state: state, limit: limit, after: after))) {
        case .jobs(let page): return page
        case let other: throw Self.unexpected(other)
        }
    }

    /// A page of pending presentations, oldest first, with the event sequence it reflects; `after` is
    /// the previous page's `next`.
    public func pending(limit: Int? = nil, after: String? = nil) async throws(WireError) -> BrokerReply.PendingSnapshot {
        switch await request(.pending(.init(limit: limit, after: after))) {
        case .pending(let snapshot): return snapshot
        case let other: throw Self.unexpected(other)
        }
    }

    /// Every pending presentation, following the pages' cursor to the end. The snapshot carries the
    /// sequence of its first page: events after it, applied once each, bring it up to date.
    public func allPending() async throws(WireError) -> BrokerReply.PendingSnapshot {
        var page = try await pending(limit: ClientRequest.ListPending.limits.range.upperBound)
        let sequence = page.sequence
        var presentations = page.presentations
        var operations = page.operations
        var trimmed = page.trimmed
        var approvals = page.approvals
        while let next = page.next {
            page = try await pending(limit: ClientRequest.ListPending.limits.range.upperBound, after: next)
            presentations += page.presentations
            operations.merge(page.operations) { first, _ in first }
            trimmed += page.trimmed
            approvals.merge(page.approvals) { first, _ in first }
        }
        return BrokerReply.PendingSnapshot(
            presentations: presentations, sequence: sequence, operations: operations, trimmed: trimmed, approvals: approvals)
    }

    /// A presentation and, once resolved, its resolution.
    public func presentation(_ id: String) async throws(WireError) -> BrokerReply.PresentationState {
        switch await request(.presentation(.init(id: id))) {
        case .presentation(let state): return state
        case let other: throw Self.unexpected(other)
        }
    }

    /// Answers a presentation: it resolves, or records one approval of several; a refusal (already resolved,
    /// already approved, stale, unknown action) is thrown, with the winner where there is one.
    public func answer(
        _ presentation: String, action: String?, dismiss: Bool = false, by: String, channel: String, values: [String: String]? = nil
    ) async throws(WireError) -> AnswerReply {
        let request = ClientRequest.AnswerRequest(
            presentation: presentation, action: action, dismiss: dismiss ? true : nil, by: by, channel: channel, values: values)
        switch await self.request(.answer(request)) {
        case .resolution(let resolution): return .resolved(resolution)
        case .presentation(let state): return .approved(state)
        case let other: throw Self.unexpected(other)
        }
    }

    /// Counts for monitoring.
    public func stats() async throws(WireError) -> BrokerReply.Stats {
        switch await request(.stats) {
        case .stats(let stats): return stats
        case let other: throw Self.unexpected(other)
        }
    }

    /// The announced operations (or only `name`), with their schemas, texts, workers and job counts.
    public func operations(named name: String? = nil) async throws(WireError) -> BrokerReply.OperationList {
        switch await request(.operations(.init(name: name))) {
        case .operations(let list): return list
        case let other: throw Self.unexpected(other)
        }
    }

    /// A page of the job's timeline, oldest first; `after` is the previous page's `next`.
    public func history(of job: String, limit: Int? = nil, after: String? = nil) async throws(WireError) -> BrokerReply.HistoryPage {
        switch await request(.history(.init(job: job, limit: limit, after: after))) {
        case .history(let page): return page
        case let other: throw Self.unexpected(other)
        }
    }

    /// The job's whole timeline, following the pages' cursor to the end, with the number of refusals it left out.
    public func fullHistory(of job: String) async throws(WireError) -> (entries: [HistoryEntry], refusalsOmitted: Int) {
        var page = try await history(of: job, limit: ClientRequest.HistoryQuery.limits.range.upperBound)
        var entries = page.entries
        while let next = page.next {
            page = try await history(of: job, limit: ClientRequest.HistoryQuery.limits.range.upperBound, after: next)
            entries += page.entries
        }
        return (entries, page.refusalsOmitted)
    }

    /// Journaled events after `sequence`.
    public func events(after sequence: Int64, limit: Int? = nil) async throws(WireError) -> BrokerReply.EventPage {
        switch await request(.events(.init(after: sequence, limit: limit))) {
        case .events(let page): return page
        case let other: throw Self.unexpected(other)
        }
    }

    /// Waits until the job has ended, polling its status.
    public func waitForEnd(of job: String, timeout: Duration, poll: Duration = .milliseconds(100)) async throws(WireError) -> Job {
        let deadline = ContinuousClock.now + timeout
        while true {
            let current = try await status(job)
            if current.isFinished { return current }
            guard ContinuousClock.now < deadline else { throw WireError(.timeout, "job \(job) is still \(current.state.rawValue) after \(timeout)") }
            try? await Task.sleep(for: poll)
        }
    }

    private func job(_ request: ClientRequest) async throws(WireError) -> Job {
        switch await self.request(request) {
        case .job(let job): return job
        case let other: throw Self.unexpected(other)
        }
    }

    static func unexpected(_ reply: BrokerReply) -> WireError {
        if case .error(let error) = reply { return error }
        return WireError(.internal, "unexpected \(reply.type) reply")
    }
}
