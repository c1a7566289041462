import Foundation
import Presentation

extension BrokerReply {
    /// What a `submitMany` did with each of its items, in their order.
    public struct Submitted: Codable, Sendable, Hashable {
        /// One item's outcome: the id of its job (new, or the one its idempotency key created before), or its refusal.
        public struct Item: Codable, Sendable, Hashable {
            /// The job's id, when the item was queued.
            public let job: String?
            /// Why the item was refused, when it was.
            public let error: WireError?

            /// An item that became (or already was) job `job`.
            public init(job: String) {
                self.job = job
                self.error = nil
            }

            /// An item refused with `error`.
            public init(error: WireError) {
                self.job = nil
                self.error = error
            }

            /// The job's id, or the refusal thrown.
            public func get() throws(WireError) -> String {
                if let job { return job }
                throw error ?? WireError(.internal, "the broker named neither a job nor an error for this item")
            }
        }

        /// Every item's outcome, in the order of the request's items.
        public let items: [Item]

        /// The outcomes of a batch.
        public init(items: [Item]) { self.items = items }

        /// How many items were refused.
        public var refusedCount: Int { items.count { $0.error != nil } }
    }
}
