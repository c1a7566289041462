public import Foundation
public import JSON
public import Presentation

extension ClientRequest {
    /// Submits many inputs of one operation in one request, journaled in one commit. Each item is checked
    /// on its own: a bad one is refused alone, unless `atomic`, when it refuses the whole batch.
    public struct SubmitMany: Sendable, Hashable {
        /// One input of the batch, with its own idempotency key.
        public struct Item: Sendable, Hashable {
            /// The input, as the client spelled it.
            public let input: RawJSON
            /// Makes a retried item return the job the first one created, as for a single submit.
            public let idempotencyKey: String?
            /// An item with this input and key.
            public init(input: RawJSON, idempotencyKey: String? = nil) {
                self.input = input
                self.idempotencyKey = idempotencyKey
            }
        }

        /// The operation every item is an input of.
        public let operation: String
        /// The inputs, in the order the reply lists them.
        public let items: [Item]
        /// Seconds each question of every job may wait (`--answer-within`), as for a single submit.
        public let answerWithin: TimeInterval?
        /// Who the questions of every job are for (`--for`), as for a single submit.
        public let audience: Audience?
        /// Whether one bad item refuses the whole batch (nothing is queued) instead of only itself.
        public let atomic: Bool?

        /// A batch of `items` for `operation`.
        public init(
            operation: String, items: [Item], answerWithin: TimeInterval? = nil, audience: Audience? = nil, atomic: Bool? = nil
        ) {
            self.operation = operation
            self.items = items
            self.answerWithin = answerWithin
            self.audience = audience
            self.atomic = atomic
        }

        /// The most items one batch may hold, so that its reply always fits in one message.
        public static let maxItems = 1_000

        /// Each item as the single submit it stands for.
        public var submits: [Submit] {
            items.map {
                Submit(operation: operation, input: $0.input, idempotencyKey: $0.idempotencyKey, answerWithin: answerWithin, audience: audience)
            }
        }
    }
}

extension ClientRequest.SubmitMany: ClientRequestBody {
    /// What the items share: the operation's name, the number of items, the deadline and the audience. Each
    /// item's own rules (its input's size, its key) are checked with it, so a bad item refuses only itself.
    public func check(_ limits: MessageLimits) throws(WireError) {
        try Names.check(operation, as: "operation")
        guard (1...Self.maxItems).contains(items.count) else {
            throw WireError(.invalidBody, "submitMany needs 1 to \(Self.maxItems) items, got \(items.count)")
        }
        try ClientRequest.Submit(operation: operation, input: .emptyObject, answerWithin: answerWithin, audience: audience).check(limits)
    }
}
