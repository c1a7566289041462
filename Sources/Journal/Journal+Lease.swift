import Foundation
import PostgreSQL
import Primitives

/// A broker's hold on a shared journal: while it lasts, that broker alone acts and writes.
public struct Lease: Sendable, Hashable {
    /// The fencing token: raised by every broker that takes the lease, checked by every write.
    public let epoch: Int64
    /// How long the lease lasts past the last write or renewal, by the database's clock.
    public let ttl: Duration
}

/// Who holds the lease of a shared journal, as the database says.
public struct LeaseHolder: Sendable, Hashable {
    /// The broker's name.
    public let holder: String
    /// The lease's epoch.
    public let epoch: Int64
    /// Whether it has not expired yet.
    public let isLive: Bool
}

extension Journal {
    /// Whether several brokers share this journal, one active at a time by lease (PostgreSQL).
    public var isShared: Bool { database is PostgresJournalDatabase }

    /// Takes the lease for `holder` when nobody holds it or it expired, raising the epoch; from then on
    /// every write checks that this broker still holds it and extends it by `ttl`. Returns nil while
    /// another broker holds it. A journal that is not shared (SQLite) needs no lease and gets epoch 0.
    public func takeLease(holder: String, ttl: Duration) throws -> Lease? {
        guard let shared = database as? PostgresJournalDatabase else { return Lease(epoch: 0, ttl: ttl) }
        let rows = try shared.open().query(
            """
            UPDATE broker_lease SET epoch = epoch + 1, holder = $1, expires_at = clock_timestamp() + $2::bigint * interval '1 millisecond'
            WHERE id = 1 AND expires_at < clock_timestamp() RETURNING epoch
            """, [.text(holder), .integer(ttl.wholeMilliseconds)])
        guard let epoch = rows.first?.int("epoch") else { return nil }
        shared.fence = (epoch, ttl)
        shared.limitIdleTransactions(to: ttl)
        // Another broker may have written timelines since this one last did.
        historyCounts.forgetAll()
        return Lease(epoch: epoch, ttl: ttl)
    }

    /// Extends the lease by its `ttl` (writes extend it too); throws `LeaseLost` when another broker took it.
    public func renewLease() throws {
        guard let shared = database as? PostgresJournalDatabase else { return }
        guard shared.fence != nil else { throw LeaseLost("this broker holds no lease") }
        try shared.write([])
    }

    /// Gives the lease up, so a standby takes over at once instead of after it expires. Best effort.
    public func releaseLease() {
        guard let shared = database as? PostgresJournalDatabase, let fence = shared.fence else { return }
        shared.fence = nil
        _ = try? shared.open().run("UPDATE broker_lease SET expires_at = '-infinity' WHERE id = 1 AND epoch = $1", [.integer(fence.epoch)])
    }

    /// Who holds the lease now; nil on a journal that is not shared.
    public func leaseHolder() throws -> LeaseHolder? {
        guard let shared = database as? PostgresJournalDatabase else { return nil }
        let row = try shared.open().query("SELECT epoch, holder, expires_at > clock_timestamp() AS live FROM broker_lease WHERE id = 1").first
        return row.map { LeaseHolder(holder: $0.string("holder") ?? "", epoch: $0.int("epoch") ?? 0, isLive: $0.bool("live") ?? false) }
    }
}
