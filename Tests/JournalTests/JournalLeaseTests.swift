import Foundation
import JSON
import Journal
import PostgreSQL
import TestSupport
import Testing
import Wire

/// Several brokers on one PostgreSQL journal: the lease decides which one acts, and the fence keeps
/// one that lost it from writing.
@Suite(.enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
struct JournalLeaseTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func save(_ id: String) -> JournalChange {
        .saveJob(Job(id: id, operation: "noop", input: .null, createdAt: now), idempotency: nil)
    }

    @Test func oneBrokerHoldsTheLeaseAndOneThatLostItWritesNothing() async throws {
        let database = try await PrivatePostgres.schema()
        let first = try Journal(postgres: database.url)
        let second = try Journal(postgres: database.url)
        let lease = try #require(try first.takeLease(holder: "first", ttl: .seconds(1)))
        #expect(try second.takeLease(holder: "second", ttl: .seconds(5)) == nil, "a live lease is not taken")
        try first.apply([save("j1")])
        #expect(try first.leaseHolder()?.holder == "first")
        // The first broker stalls past its lease (a zombie): the second takes over with a higher epoch.
        let taken = try await eventually { try second.takeLease(holder: "second", ttl: .seconds(5)) }
        #expect(taken.epoch > lease.epoch)
        #expect(throws: LeaseLost.self) { try first.apply([self.save("j2")]) }
        #expect(throws: LeaseLost.self) { try first.renewLease() }
        #expect(try second.job("j2") == nil, "the fenced write left nothing behind")
        #expect(try second.job("j1") != nil)
        try second.apply([save("j3")])
        let holder = try #require(try second.leaseHolder())
        #expect(holder.holder == "second" && holder.epoch == taken.epoch && holder.isLive)
    }

    @Test func writesAndRenewalsKeepTheLease() async throws {
        let database = try await PrivatePostgres.schema()
        let active = try Journal(postgres: database.url)
        let standby = try Journal(postgres: database.url)
        // Two seconds of lease, kept for more than twice as long by writes and renewals alone: a gap between
        // two of them longer than the lease (a starved test process) would lose it, so the gaps are short.
        let ttl = Duration.seconds(2)
        _ = try #require(try active.takeLease(holder: "active", ttl: ttl))
        let clock = ContinuousClock()
        let end = clock.now + ttl * 2.5
        var round = 0
        while clock.now < end {
            if round.isMultiple(of: 2) { try active.apply([save("j\(round)")]) } else { try active.renewLease() }
            #expect(try standby.takeLease(holder: "standby", ttl: .seconds(5)) == nil)
            try await Task.sleep(for: .milliseconds(200))
            round += 1
        }
    }

    @Test func aReleasedLeaseIsTakenAtOnce() async throws {
        let database = try await PrivatePostgres.schema()
        let active = try Journal(postgres: database.url)
        let standby = try Journal(postgres: database.url)
        _ = try #require(try active.takeLease(holder: "active", ttl: .seconds(30)))
        active.releaseLease()
        #expect(try standby.takeLease(holder: "standby", ttl: .seconds(30)) != nil)
    }

    @Test func brokersStartingTogetherMigrateOnceAndANewerSchemaIsRefused() async throws {
        let database = try await PrivatePostgres.schema()
        let url = database.url
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Each waits for the others' migration: on threads of their own, not the ones async tests share.
            for _ in 0..<3 { group.addTask { try await onThread { _ = try Journal(postgres: url) } } }
            try await group.waitForAll()
        }
        let connection = try PostgresConnection(url: url)
        let versions = try connection.query("SELECT version FROM interlude_schema ORDER BY version").compactMap { $0.int("version") }
        #expect(versions == Array(Set(versions)).sorted() && !versions.isEmpty)
        try connection.run("INSERT INTO interlude_schema (version) VALUES (9999)")
        #expect {
            try Journal(postgres: url)
        } throws: { error in
            "\(error)".contains("schema version 9999") && "\(error)".contains("***")
        }
    }

    /// Retries `attempt` until it returns a value, for at most ten seconds; it is always tried once more
    /// after the deadline, so a wait that overslept (a loaded machine) still sees the latest state.
    func eventually<T>(_ attempt: () throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            if let value = try attempt() { return value }
            guard ContinuousClock.now < deadline else { throw FixtureError("nothing within ten seconds") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
