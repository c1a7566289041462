import Foundation
import JSON
public import Presentation
public import Wire

extension GatewayClient {
    /// A page of the pending questions, oldest first, with the event sequence it reflects (follow `events`
    /// after it); `cursor` is the previous page's `next`. With `mine`, only those the caller may answer
    /// (for anyone, or naming the caller or one of its groups), so a page may hold fewer than `limit`.
    public func pending(limit: Int? = nil, cursor: String? = nil, mine: Bool = false) async throws(GatewayClientError) -> BrokerReply.PendingSnapshot {
        let query = [("limit", limit.map(String.init)), ("cursor", cursor)]
        let page = try Self.decoded(BrokerReply.PendingSnapshot.self, try await send("GET", "/v1/presentations", query: query))
        guard mine else { return page }
        let caller = try await me()
        return BrokerReply.PendingSnapshot(
            presentations: page.presentations.filter(caller.mayAnswer), sequence: page.sequence, operations: page.operations, next: page.next,
            cutShort: page.cutShort, trimmed: page.trimmed, approvals: page.approvals)
    }

    /// Every pending question, the pages followed to the end; the sequence is the first page's.
    public func allPending(mine: Bool = false) async throws(GatewayClientError) -> BrokerReply.PendingSnapshot {
        var page = try await pending(limit: Self.pageLimit, mine: mine)
        let sequence = page.sequence
        var presentations = page.presentations
        var operations = page.operations
        var approvals = page.approvals
        while let next = page.next {
            page = try await pending(limit: Self.pageLimit, cursor: next, mine: mine)
            presentations += page.presentations
            operations.merge(page.operations) { first, _ in first }
            approvals.merge(page.approvals) { first, _ in first }
        }
        return BrokerReply.PendingSnapshot(presentations: presentations, sequence: sequence, operations: operations, approvals: approvals)
    }

    /// A presentation, pending (no resolution) or resolved, with its job's operation.
    public func presentation(_ id: String) async throws(GatewayClientError) -> BrokerReply.PresentationState {
        try Self.decoded(BrokerReply.PresentationState.self, try await send("GET", "/v1/presentations/\(Self.segment(id))"))
    }

    /// Answers with the action `action` and the text fields' `values`; a 409 `GatewayClientError` carries the
    /// resolution that won when someone answered first.
    public func answer(_ id: String, action: String, values: [String: String] = [:], channel: String? = nil) async throws(GatewayClientError) -> Resolution {
        switch try await answering(id, action: action, values: values, channel: channel) {
        case .resolved(let resolution): return resolution
        case .approved(let state):
            throw GatewayClientError(status: 202, code: "approvalRecorded", message: AnswerReply.approved(state).summary)
        }
    }

    /// Answers with `action`: the question resolves (200), or, for an action that needs several people, the
    /// approval is recorded and the question stays pending (202, with the approvals so far).
    public func answering(
        _ id: String, action: String, values: [String: String] = [:], channel: String? = nil
    ) async throws(GatewayClientError) -> AnswerReply {
        var fields: [String: JSONValue] = ["action": .string(action)]
        if !values.isEmpty { fields["values"] = .object(values.mapValues { .string($0) }) }
        let headers = channel.map { ["X-Interlude-Channel": $0] } ?? [:]
        let response = try await send("POST", "/v1/presentations/\(Self.segment(id))/answer", json: Self.body(fields), headers: headers)
        if response.status == 202 { return .approved(try Self.decoded(BrokerReply.PresentationState.self, response)) }
        return .resolved(try Self.read(Resolution.self, response))
    }

    /// Dismisses the question without choosing an action (its cancel action, when it has one).
    public func dismiss(_ id: String, channel: String? = nil) async throws(GatewayClientError) -> Resolution {
        try await resolve(id, ["dismiss": .bool(true)], channel: channel)
    }

    /// The largest page the API gives.
    static let pageLimit = 500

    private func resolve(_ id: String, _ fields: [String: JSONValue], channel: String?) async throws(GatewayClientError) -> Resolution {
        let headers = channel.map { ["X-Interlude-Channel": $0] } ?? [:]
        let response = try await send("POST", "/v1/presentations/\(Self.segment(id))/answer", json: Self.body(fields), headers: headers)
        return try Self.read(Resolution.self, response)
    }
}
