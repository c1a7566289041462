import Foundation
import Presentation
import Wire

/// Every operation a worker has announced, each distinct announcement kept (the journal keeps them too),
/// so the broker knows an operation across restarts and before any worker of it reconnects.
struct AnnouncedOperations: Sendable {
    /// The distinct announcements of each name, oldest first.
    private(set) var records: [String: [RecordedAnnouncement]] = [:]

    /// The registry as the journal recorded it.
    init(_ recorded: [RecordedAnnouncement] = []) {
        for record in recorded { records[record.announcement.name, default: []].append(record) }
    }

    /// Every name, sorted.
    var names: [String] { records.keys.sorted() }

    /// Records that `worker` announced `announcement` at `now`; returns the record to journal.
    mutating func announce(_ announcement: OperationAnnouncement, by worker: String, at now: Date) -> RecordedAnnouncement {
        var list = records[announcement.name] ?? []
        var record = RecordedAnnouncement(announcement: announcement, worker: worker, firstAt: now, lastAt: now)
        if let index = list.firstIndex(where: { $0.announcement == announcement }) {
            record.firstAt = list[index].firstAt
            list.remove(at: index)
        }
        list.append(record)
        records[announcement.name] = list
        return record
    }

    /// Why `announcement` may not be taken under `rule`: its catalog defines keys of other operations or
    /// shared ones, or it breaks one of `problems(of:)`'s rules.
    func refusal(of announcement: OperationAnnouncement, under rule: CatalogKeys) -> WireError? {
        let keys = rule.offending(announcement.catalog, of: announcement.name, known: Set(records.keys))
        if !keys.isEmpty { return .offendingKeys(keys, of: announcement.name) }
        let problems = Self.problems(of: announcement)
        return problems.isEmpty ? nil : .invalidAnnouncement(of: announcement.name, problems)
    }

    /// Everything wrong with an announcement the broker can see by itself: a summary over its length, an
    /// input schema it cannot evaluate, and, when the worker says which keys its questions use, catalog keys
    /// nothing uses and action keys a shipped locale lacks.
    static func problems(of announcement: OperationAnnouncement) -> [String] {
        var problems: [String] = []
        if !announcement.summary.isEmpty, let problem = Names.problem(announcement.summary, maxLength: summaryLength) {
            problems.append("its summary \(problem)")
        }
        problems += announcement.inputProblems.map { "its input schema cannot be evaluated: \($0)" }
        problems += announcement.uses?.problems(of: announcement.catalog) ?? []
        return problems
    }

    /// The longest summary an announcement may have, in characters.
    static let summaryLength = 200

    /// The newest announcement of `name`.
    func newest(_ name: String) -> RecordedAnnouncement? { records[name]?.last }

    /// The record of this exact announcement.
    func record(of announcement: OperationAnnouncement) -> RecordedAnnouncement? {
        records[announcement.name]?.last { $0.announcement == announcement }
    }
}
