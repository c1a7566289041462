import Foundation
import JSON
public import Presentation
import SQLite
public import Wire

extension Journal {
    /// What a broker that starts again takes from the journal.
    public struct Recovery: Sendable {
        /// Every job that has not ended, each with its presentation slot.
        public var jobs: [(Job, PresentationSlot)] = []
        /// Unfinished jobs whose rows cannot be read: the broker runs without them.
        public var quarantined: [Quarantine] = []
    }

    /// Every job that has not ended, each with its presentation slot; a job whose row (or one of its
    /// questions) cannot be read is set aside by name instead of stopping the start.
    public func recover() throws -> Recovery {
        var recovery = Recovery()
        recovery.quarantined = try recover { recovery.jobs.append(($0, $1)) }
        return recovery
    }

    /// How many jobs have not ended: what `recover(_:)` will hand over, unreadable ones included.
    public func unfinishedJobCount() throws -> Int {
        Int(try database.query("SELECT COUNT(*) AS n FROM jobs WHERE state NOT IN ('succeeded', 'failed', 'cancelled')").first?.int("n") ?? 0)
    }

    /// Hands every job that has not ended, with its presentation slot, to `each` in the order the jobs were
    /// made, as its rows are read: nothing of the journal is held beyond the job being read, so a broker
    /// builds its state while the rows stream by. Returns the jobs set aside because a row of theirs (the
    /// job's or one of its questions') cannot be read.
    ///
    /// One query walks the unfinished jobs in insertion order, each followed by its questions (found
    /// through the `(job, sequence)` index): no round trip per job, no grouping afterwards. A job not waiting on
    /// a question takes its attempt from its timeline's `dispatched` entries when they count more than its row
    /// says (the row is not rewritten at a dispatch, `JournalChange.dispatch`); a waiting job's row was saved
    /// when it asked, after its last dispatch.
    public func recover(_ each: (Job, PresentationSlot) -> Void) throws -> [Quarantine] {
        var quarantined: [Quarantine] = []
        var reading: RecoveringJob?
        // Thousands of parked jobs mostly ask the same thing: what a question says is read once per distinct text.
        var questions = Presentation.SharedReader()
        func finish(_ job: RecoveringJob?) {
            guard let job else { return }
            switch job.result {
            case .success(let (job, slot)): each(job, slot)
            case .failure(let error): quarantined.append(Quarantine(job: job.id, reason: error.description))
            }
        }
        try database.eachRow(
            """
            SELECT j.rowid, j.id, j.body, p.body, p.resolution,
                CASE WHEN j.state = 'waiting' THEN 0
                ELSE (SELECT COUNT(*) FROM history h WHERE h.job = j.id AND h.type = 'dispatched') END,
                p.approvals
            FROM jobs j LEFT JOIN presentations p ON p.job = j.id
            WHERE j.state NOT IN ('succeeded', 'failed', 'cancelled') ORDER BY j.rowid, p.sequence
            """, []
        ) { row in
            let rowid = row.int(at: 0) ?? 0
            if reading?.rowid != rowid {
                finish(reading)
                reading = RecoveringJob(rowid: rowid, row: row)
            }
            reading?.add(row, questions: &questions)
        }
        finish(reading)
        return quarantined
    }

    /// One job while its rows are read: the job, then each of its questions; the first row that cannot be
    /// read sets the whole job aside.
    private struct RecoveringJob {
        let rowid: Int64
        let id: String
        private var job: Job?
        private var pending: Presentation?
        private var approvals: [Approval] = []
        private var resolutions: [Resolution] = []
        private var last = 0
        private var problem: JournalError?

        init(rowid: Int64, row: any Columns) {
            self.rowid = rowid
            id = row.text(at: 1) ?? "?"
            do {
                var read = try Journal.read(Job.self, row, at: 2)
                // Each dispatch since the row was last saved left a `dispatched` entry.
                read.attempts = max(read.attempts, Int(row.int(at: 5) ?? 0))
                job = read
            } catch {
                problem = error
            }
        }

        /// Reads the question on `row`, if it has one (a job without questions comes on one row of NULLs).
        mutating func add(_ row: any Columns, questions: inout Presentation.SharedReader) {
            guard problem == nil, !row.isNull(at: 3) else { return }
            do {
                let presentation = try Journal.read(row, at: 3) { bytes throws(JSONReadError) in try questions.read(bytes) }
                last = max(last, presentation.sequence)
                if !row.isNull(at: 4) {
                    resolutions.append(try Journal.read(Resolution.self, row, at: 4))
                } else {
                    pending = presentation
                    if !row.isNull(at: 6) { approvals = try Journal.read([Approval].self, row, at: 6) }
                }
            } catch {
                problem = error
            }
        }

        var result: Result<(Job, PresentationSlot), JournalError> {
            if let problem { return .failure(problem) }
            guard var job else { return .failure(JournalError(.unreadableRow, "missing JSON column for Job")) }
            job.presentation = pending
            return .success((job, PresentationSlot(current: pending, resolutions: resolutions, lastSequence: last, approvals: approvals)))
        }
    }

    /// Reads a job, presentation or resolution straight from a row's bytes with the hand-written reader.
    static func read<T: JSONReadable>(_ type: T.Type, _ row: any Columns, at column: Int) throws(JournalError) -> T {
        try read(row, at: column) { bytes throws(JSONReadError) in try JSONReader.read(T.self, from: bytes) }
    }

    /// Reads a row's JSON column with `reader`, the bytes valid during the call.
    static func read<T>(
        _ row: any Columns, at column: Int, with reader: (UnsafeRawBufferPointer) throws(JSONReadError) -> T
    ) throws(JournalError) -> T {
        let outcome: Result<T, JSONReadError>? = row.withText(at: column) { bytes in
            Result { () throws(JSONReadError) -> T in try reader(bytes) }
        }
        switch outcome {
        case nil: throw JournalError(.unreadableRow, "missing JSON column for \(T.self)")
        case .success(let value)?: return value
        case .failure(let error)?: throw JournalError(.unreadableRow, "\(T.self): \(error)")
        }
    }
}
