public import Presentation
public import Schema

/// A refusal or failure as it travels on the wire and as the CLI and HTTP API report it.
public struct WireError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    /// Stable codes; HTTP maps them to statuses, the CLI to exit codes.
    public enum Code: String, Codable, Sendable, Hashable, CaseIterable {
        case malformedFrames, unsupportedVersion, unknownMessage, invalidBody, tooLarge
        case unknownOperation, invalidInput, notFound, invalidPresentation
        case alreadyResolved, stale, unknownAction, notCancellable
        case unavailable, timeout, `internal`
        /// The journal's disk is full: new work is refused until space returns; reads go on.
        case storageFull
        /// An idempotency key reused with a different request.
        case idempotencyConflict
        /// A journaled job that cannot be read back; the broker set it aside.
        case quarantined
        /// A key without the role for the request, or answering under another name (docs/security.md).
        case forbidden
        /// A standby broker: it serves nothing until it holds the journal's lease; try the next endpoint.
        case notActive
        /// An answer whose text values its question's fields refused; `violations` names each field.
        case invalidAnswer
        /// An operation's announcement a worker sent that the broker did not take (its catalog claims others' texts).
        case invalidAnnouncement
        /// The same person approving an action a second time: each person counts once toward its approvals.
        case alreadyApproved
    }

    public let code: Code
    public let message: String
    /// On `alreadyResolved`: how the presentation ended, so the loser learns who won.
    public let resolution: Resolution?
    /// On `invalidInput`: every way the input breaks the operation's schema, each with its JSON path.
    public let violations: [SchemaViolation]?

    /// A refusal with this code and one-line message.
    public init(_ code: Code, _ message: String, resolution: Resolution? = nil, violations: [SchemaViolation]? = nil) {
        self.code = code
        self.message = message
        self.resolution = resolution
        self.violations = violations
    }

    public var description: String { message }
}

extension WireError {
    /// The refusal a presentation slot gave, as it goes back to whoever answered.
    public init(_ refusal: SlotRefusal) {
        switch refusal {
        case .alreadyResolved(let resolution): self.init(.alreadyResolved, refusal.description, resolution: resolution)
        case .stale, .busy, .outOfOrder: self.init(.stale, refusal.description)
        case .unknownAction: self.init(.unknownAction, refusal.description)
        case .notInAudience: self.init(.forbidden, refusal.description)
        case .alreadyApproved: self.init(.alreadyApproved, refusal.description)
        case .invalidValues(let problems):
            self.init(.invalidAnswer, refusal.description, violations: problems.map { SchemaViolation(path: $0.field, message: $0.problem) })
        }
    }
}
