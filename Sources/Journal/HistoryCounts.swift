import Wire

/// How many timeline rows each recent job has in the journal, refusals apart, so an entry is checked
/// against `Journal.historyLimit` (or a refusal against `Journal.refusalLimit`) without counting the
/// job's rows in the database on every insert.
///
/// A job is counted from its `queued` entry (the first of every timeline, written once at submit) until
/// its `finished` one. A job not counted here (one from before the broker started, or forgotten to keep
/// this small) has its rows counted by the database, as every entry's were before. The journal forgets
/// every count when a transaction fails or another broker may have written (a lease taken).
struct HistoryCounts {
    /// The most jobs counted at once; past it every count is forgotten and counting starts over.
    static let capacity = 16_384

    /// A job's rows: refusals (answers the question did not take) apart from every other entry.
    struct Count: Equatable {
        var entries = 0
        var refusals = 0
    }

    private var counts: [String: Count] = [:]

    /// The rows `job` has, if it is counted.
    subscript(job: String) -> Count? { counts[job] }

    /// What to do with an entry of `job`: write it as it is, leave it out (past the limit), count a
    /// refusal past its own limit as omitted, or let the database count the job's rows first (a job not counted here).
    enum Decision: Equatable {
        case write, skip, omitRefusal, countInDatabase
    }

    /// Decides about `entry` of `job` and counts it when it is written. Refusals never take the room of
    /// other entries: they are counted against `refusalLimit` alone.
    mutating func admit(_ type: HistoryEntry.Kind, of job: String, limit: Int, refusalLimit: Int) -> Decision {
        switch type {
        case .finished:
            counts[job] = nil
            return .write
        case .queued where counts[job] == nil:
            if counts.count >= Self.capacity { counts.removeAll() }
            counts[job] = Count(entries: 1)
            return .write
        case .refused:
            guard let count = counts[job] else { return .countInDatabase }
            guard count.refusals < refusalLimit else { return .omitRefusal }
            counts[job]?.refusals += 1
            return .write
        default:
            guard let count = counts[job] else { return .countInDatabase }
            guard count.entries < limit else { return .skip }
            counts[job]?.entries += 1
            return .write
        }
    }

    /// Forgets every count: the database counts again.
    mutating func forgetAll() {
        counts = [:]
    }
}
