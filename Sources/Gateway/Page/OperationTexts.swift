import Foundation
import Presentation
import Synchronization

/// The texts of the announced operations, asked of the broker and kept a few seconds, so each page
/// load does not cost a broker round trip and a newly announced operation shows up soon.
final class OperationTexts: Sendable {
    private let fetch: @Sendable () async -> [Catalog]?
    private let kept = Mutex<(at: ContinuousClock.Instant, catalogs: [Catalog])?>(nil)
    static let lifetime: Duration = .seconds(5)

    init(fetch: @escaping @Sendable () async -> [Catalog]?) {
        self.fetch = fetch
    }

    /// The catalogs, fetched again when older than `lifetime`; the last ones (or none) when the broker does not answer.
    func current() async -> [Catalog] {
        let now = ContinuousClock.now
        if let kept = kept.withLock({ $0 }), now - kept.at < Self.lifetime { return kept.catalogs }
        guard let fresh = await fetch() else { return kept.withLock { $0?.catalogs } ?? [] }
        kept.withLock { $0 = (now, fresh) }
        return fresh
    }
}
