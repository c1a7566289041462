import Foundation
import Journal
import Log

extension BrokerLoop {
    /// Removes one small batch of what is older than `retention` when one is due: often while there is
    /// a backlog, otherwise every tenth of the retention (at most a minute apart), so no turn of the
    /// loop waits long for it.
    func pruneIfDue() throws {
        let retention = state.settings.retention
        guard retention > 0, ContinuousClock.now >= nextPrune else { return }
        let pruned = try journal.prune(before: Date().addingTimeInterval(-retention), limit: Self.pruneBatch)
        if pruned.jobs + pruned.events > 0 {
            log.debug("pruned \(pruned.jobs) finished job(s) and \(pruned.events) event(s) older than \(retention) s")
        }
        let pause: Duration = pruned.isFull ? .milliseconds(100) : .seconds(min(60, max(1, retention / 10)))
        nextPrune = .now + pause
    }

    /// Finished jobs one pruning transaction removes at most (and four times as many events).
    static let pruneBatch = 200
}
