public import Foundation
import Primitives
import SQLite

/// What one pruning batch removed.
public struct Pruned: Sendable, Hashable {
    /// Finished jobs removed, each with its questions, steps and timeline.
    public var jobs = 0
    /// Events removed.
    public var events = 0
    /// Whether the batch was full: more may be waiting, so the next batch should follow soon.
    public var isFull = false

    public init(jobs: Int = 0, events: Int = 0, isFull: Bool = false) {
        self.jobs = jobs
        self.events = events
        self.isFull = isFull
    }
}

extension Journal {
    /// Removes, in one transaction, up to `limit` finished jobs last changed before `cutoff` (with their
    /// questions, steps and timeline) and those of the oldest `4 × limit` events from before `cutoff`, never
    /// the newest event, so the sequence goes on where it was. On SQLite the emptied pages are then given back to
    /// the file system (incremental vacuum). Small batches keep each transaction short.
    public func prune(before cutoff: Date, limit: Int = 200) throws -> Pruned {
        let at = SQLValue.text(Timestamp.string(cutoff))
        let ids = try database.query(
            "SELECT id FROM jobs WHERE state IN ('succeeded', 'failed', 'cancelled') AND updated_at < ? ORDER BY updated_at LIMIT ?",
            at, .integer(Int64(limit))
        ).compactMap { $0.string("id") }
        let newest = try lastEventSequence()
        let eventLimit = limit * 4
        // Events are appended in time order: the old ones are among the oldest `eventLimit`, so only those are read
        // (by sequence, the table's key), never the whole table when none is old enough.
        let oldEvents = try database.query(
            """
            SELECT COUNT(*) AS n, MAX(sequence) AS upto FROM (SELECT sequence, at FROM events WHERE sequence < ? ORDER BY sequence LIMIT ?) AS oldest
            WHERE at < ?
            """,
            .integer(newest), .integer(Int64(eventLimit)), at
        ).first
        let events = Int(oldEvents?.int("n") ?? 0)
        guard !ids.isEmpty || events > 0 else { return Pruned() }
        try database.transaction {
            if !ids.isEmpty {
                let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                let values = ids.map(SQLValue.text)
                for table in ["presentations", "steps", "history", "refusals_omitted"] {
                    try database.run("DELETE FROM \(table) WHERE job IN (\(list))", values)
                }
                try database.run("DELETE FROM jobs WHERE id IN (\(list))", values)
            }
            if events > 0, let upto = oldEvents?.int("upto") {
                try database.run("DELETE FROM events WHERE sequence <= ?", .integer(upto))
            }
        }
        if let file = database as? Database { try file.execute("PRAGMA incremental_vacuum") }
        return Pruned(jobs: ids.count, events: events, isFull: ids.count == limit || events == eventLimit)
    }

    /// The oldest event the journal still holds; nil when it holds none.
    public func oldestEventSequence() throws -> Int64? {
        try database.query("SELECT MIN(sequence) AS first FROM events").first?.int("first")
    }
}
