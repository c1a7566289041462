import Wire

/// How many timeline rows each recent job has in the journal, so an entry is checked against
/// `Journal.historyLimit` without counting the job's rows in the database on every insert.
///
/// A job is counted from its `queued` entry (the first of every timeline, written once at submit) until
/// its `finished` one. A job not counted here (one from before the broker started, or forgotten to keep
/// this small) has its rows counted by the database, as every entry's were before. The journal forgets
/// every count when a transaction fails or another broker may have written (a lease taken).
struct HistoryCounts {
    /// The most jobs counted at once; past it every count is forgotten and counting starts over.
    static let capacity = 16_384

    private var counts: [String: Int] = [:]

    /// The number of rows `job` has, if it is counted.
    subscript(job: String) -> Int? { counts[job] }

    /// What to do with an entry of `job`: write it as it is, leave it out (past the limit), or let the
    /// database count the job's rows first (a job not counted here).
    enum Decision: Equatable {
        case write, skip, countInDatabase
    }

    /// Decides about `entry` of `job` and counts it when it is written.
    mutating func admit(_ type: HistoryEntry.Kind, of job: String, limit: Int) -> Decision {
        switch type {
        case .finished:
            counts[job] = nil
            return .write
        case .queued where counts[job] == nil:
            if counts.count >= Self.capacity { counts.removeAll() }
            counts[job] = 1
            return .write
        default:
            guard let count = counts[job] else { return .countInDatabase }
            guard count < limit else { return .skip }
            counts[job] = count + 1
            return .write
        }
    }

    /// Forgets every count: the database counts again.
    mutating func forgetAll() {
        counts = [:]
    }
}
