import Foundation
import Synchronization
import Wire

/// The announced operations, asked of the broker and kept a few seconds, so a page load or an OpenAPI
/// document does not cost a broker round trip each, and a newly announced operation shows up soon.
final class OperationsCache: Sendable {
    private let fetch: @Sendable () async -> [OperationInfo]?
    private let kept = Mutex<(at: ContinuousClock.Instant, operations: [OperationInfo])?>(nil)
    static let lifetime: Duration = .seconds(5)

    init(fetch: @escaping @Sendable () async -> [OperationInfo]?) {
        self.fetch = fetch
    }

    /// The operations, fetched again when older than `lifetime`; the last ones (or none) when the broker does not answer.
    func current() async -> [OperationInfo] {
        let now = ContinuousClock.now
        if let kept = kept.withLock({ $0 }), now - kept.at < Self.lifetime { return kept.operations }
        guard let fresh = await fetch() else { return kept.withLock { $0?.operations } ?? [] }
        kept.withLock { $0 = (now, fresh) }
        return fresh
    }

    /// Keeps `fresh`, the broker's whole listing just asked for by another route, as if fetched now.
    func keep(_ fresh: [OperationInfo]) {
        let now = ContinuousClock.now
        kept.withLock { $0 = (now, fresh) }
    }

    /// Drops what is kept, so the next use asks the broker: an operation's announcement just changed.
    func forget() {
        kept.withLock { $0 = nil }
    }
}
