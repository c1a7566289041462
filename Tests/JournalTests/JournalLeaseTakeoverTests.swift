import Foundation
import PostgreSQL
import TestSupport
import Testing

@testable import Journal

/// The lease row of a shared journal when its holder stops halfway through a transaction (docs/scaling.md).
@Suite(.enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
struct JournalLeaseTakeoverTests {
    @Test(
        "A broker stopped halfway through a transaction frees the lease row when its lease runs out: the standby takes over then, not after the journal's timeout"
    )
    func aTransactionLeftOpenEndsWithTheLease() async throws {
        let database = try await PrivatePostgres.schema()
        let active = try Journal(postgres: database.url, timeout: .seconds(30))
        let standby = try Journal(postgres: database.url, timeout: .seconds(30))
        let ttl = Duration.seconds(1)
        #expect(try active.takeLease(holder: "a", ttl: ttl) != nil)
        // The session as a stop halfway through sending a turn's transaction leaves it: open, the lease row locked.
        let session = try #require(active.database as? PostgresJournalDatabase).open()
        try session.execute("BEGIN; UPDATE broker_lease SET holder = holder WHERE id = 1")

        let start = ContinuousClock.now
        var taken: Lease?
        nonisolated(unsafe) let waiting = standby  // used by one thread at a time: this test's, then the attempt's
        // Each attempt waits on the row lock while the transaction lasts (at most the journal's timeout): on a
        // thread of its own, not one of the few the async tests of the process share.
        while taken == nil, start.duration(to: .now) < .seconds(20) {
            taken = try? await onThread { try waiting.takeLease(holder: "b", ttl: ttl) }
            if taken == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let waited = start.duration(to: .now)
        // A 1 s lease against a 30 s journal timeout: well under the timeout is the lease's doing, with room for a
        // loaded machine (3.5 s was seen at load ~20).
        #expect(taken != nil && waited < .seconds(12), "the standby took the lease after \(waited)")
        #expect(try standby.leaseHolder()?.holder == "b")
    }
}
