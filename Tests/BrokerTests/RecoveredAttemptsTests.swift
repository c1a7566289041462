import Foundation
import Journal
import Presentation
import Testing
import Wire

@testable import Broker

/// A job's row is not rewritten when it is handed to a worker: its attempts survive a restart through the
/// timeline, and status, listings and counts say it runs.
@Suite struct RecoveredAttemptsTests {
    @Test func aJobHandedOutTwiceGoesOutAsItsThirdAttemptAfterARestart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recovered-attempts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try Journal(folder: folder)
        func commit(_ effects: [BrokerEffect]) throws { try journal.apply(BrokerLoop.turnChanges(effects).changes) }
        var broker = BrokerHarness()
        let (job, submitted) = broker.submit("noop")
        try commit(submitted)
        let first = broker.ready("w1")
        try commit(first)
        #expect(BrokerHarness.dispatches(first).map(\.1.attempts) == [1])
        // w1 falls silent past its liveness: the job goes back to the queue, then to w2.
        try commit(broker.advance(10))
        let second = broker.ready("w2")
        try commit(second)
        #expect(BrokerHarness.dispatches(second).map(\.1.attempts) == [2])
        let row = try #require(try journal.job(job.id))
        #expect(row.attempts == 1 && row.state == .queued, "the row was not rewritten at the second dispatch")

        var restarted = BrokerHarness(recovering: try Journal(folder: folder).recover().jobs)
        #expect(BrokerHarness.dispatches(restarted.ready("w3")).map(\.1.attempts) == [3], "attempt 2 is fenced off, as before")
    }

    @Test func statusListingsAndCountsSayRunningThoughTheRowSaysQueued() {
        var broker = BrokerHarness()
        let (submitted, _) = broker.submit("noop")
        _ = broker.ready("w1")
        // `submitted` is the job as its row still says: queued, no attempt.
        #expect(submitted.state == .queued)
        #expect(broker.state.activeJob(submitted.id)?.state == .running)
        #expect(broker.state.listed(submitted, in: .running)?.attempts == 1)
        #expect(broker.state.listed(submitted, in: .queued) == nil)
        #expect(broker.state.listed(submitted, in: nil)?.state == .running)
        #expect(BrokerState.rowStates(.running) == [.queued, .running] && BrokerState.rowStates(.waiting) == [.waiting])
        let counts = broker.state.countsByState(journal: ["queued": 1, "running": 0, "waiting": 2, "succeeded": 5])
        #expect(counts == ["queued": 0, "running": 1, "waiting": 2, "succeeded": 5])
    }
}
