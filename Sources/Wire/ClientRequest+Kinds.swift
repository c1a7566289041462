public import Foundation
public import JSON
import Presentation

extension ClientRequest {
    /// Every request the broker takes, by its name on the wire (frame 2).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case submit, submitMany, status, jobs, pending, presentation, answer, cancel, events, stats, operations, history
    }

    /// What a request needs its key's role to grant (docs/security.md, "What each role grants"): the same
    /// three rights as the gateway's token scopes.
    public enum Access: String, Sendable, Hashable, CaseIterable {
        /// Reading jobs, questions, timelines, events and counts.
        case read
        /// Submitting and cancelling jobs.
        case submit
        /// Answering questions.
        case answer
    }

    /// One request's declaration: how its body is read, what it needs, and whether it changes the journal.
    public struct Declaration {
        /// The right the request needs.
        public let access: Access
        /// Whether the request would change the journal (refused while its disk is full).
        public let writes: Bool
        /// Reads the request from its body.
        let read: (_ body: Data, _ name: String, _ limits: JSONLimits?) throws(WireError) -> ClientRequest

        /// A request whose body is a `Body`, made into the request by `wrap` (its case).
        init<Body: ClientRequestBody>(_ wrap: @escaping (Body) -> ClientRequest, needs access: Access, writes: Bool = false) {
            self.access = access
            self.writes = writes
            self.read = { (body: Data, name: String, limits: JSONLimits?) throws(WireError) in wrap(try Body.read(body, in: name, limits: limits)) }
        }

        /// A request without a body (`{}` on the wire; any other JSON is ignored, but it must be JSON within `limits`).
        init(_ request: ClientRequest, needs access: Access) {
            self.access = access
            self.writes = false
            self.read = { (body: Data, name: String, limits: JSONLimits?) throws(WireError) in try Frames.bodiless(request, body, in: name, limits: limits) }
        }
    }
}

extension ClientRequest.Kind {
    /// Each request declared once: its body, the right it needs and whether it writes. A new request is a
    /// case here and in `ClientRequest`, an arm below, and its handler in the broker.
    public var declaration: ClientRequest.Declaration {
        switch self {
        case .submit: .init(ClientRequest.submit, needs: .submit, writes: true)
        case .submitMany: .init(ClientRequest.submitMany, needs: .submit, writes: true)
        case .status: .init(ClientRequest.status, needs: .read)
        case .jobs: .init(ClientRequest.jobs, needs: .read)
        case .pending: .init(ClientRequest.pending, needs: .read)
        case .presentation: .init(ClientRequest.presentation, needs: .read)
        case .answer: .init(ClientRequest.answer, needs: .answer, writes: true)
        case .cancel: .init(ClientRequest.cancel, needs: .submit, writes: true)
        case .events: .init(ClientRequest.events, needs: .read)
        case .stats: .init(ClientRequest.stats, needs: .read)
        case .operations: .init(ClientRequest.operations, needs: .read)
        case .history: .init(ClientRequest.history, needs: .read)
        }
    }
}

extension ClientRequest {
    /// The request's kind and its body (nil for a request without one): the one place a case meets its declaration.
    public var parts: (kind: Kind, body: (any ClientRequestBody)?) {
        switch self {
        case .submit(let body): (.submit, body)
        case .submitMany(let body): (.submitMany, body)
        case .status(let body): (.status, body)
        case .jobs(let body): (.jobs, body)
        case .pending(let body): (.pending, body)
        case .presentation(let body): (.presentation, body)
        case .answer(let body): (.answer, body)
        case .cancel(let body): (.cancel, body)
        case .events(let body): (.events, body)
        case .stats: (.stats, nil)
        case .operations(let body): (.operations, body)
        case .history(let body): (.history, body)
        }
    }

    /// Which request this is.
    public var kind: Kind { parts.kind }
}

/// The body of a client request: a shape (its one-pass reader and its writer, Sources/Wire/Shapes), checked
/// against the text and size rules before the broker looks at it.
public protocol ClientRequestBody: JSONShape, Sendable, Hashable {
    /// Reads the body under `limits`; a refusal is `invalidBody` naming the path that broke.
    static func read(_ body: Data, in message: String, limits: JSONLimits?) throws(WireError) -> Self
    /// The body's JSON.
    func encoded() throws -> Data
    /// Throws the refusal the body gets under `limits` and the text rules, if any.
    func check(_ limits: MessageLimits) throws(WireError)
}

extension ClientRequestBody {
    /// Reads the body under `limits` with its one-pass reader; a refusal is `invalidBody` naming the path that broke.
    public static func read(_ body: Data, in message: String, limits: JSONLimits?) throws(WireError) -> Self {
        try Frames.payload(Self.self, body, in: message, limits: limits)
    }
    /// The body's JSON, from its writer.
    public func encoded() throws -> Data { try JSONWriter.encode(self) }
    /// No rule beyond its shape.
    public func check(_ limits: MessageLimits) throws(WireError) {}
}
