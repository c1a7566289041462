import Foundation
import JSON
import Presentation
import Schema
import Wire

extension BrokerState {
    /// Why a submit is refused before anything is journaled: an operation nobody announced, or an input
    /// that breaks the schema with every violation listed. `nil` when it may be queued.
    ///
    /// The input is checked against the announcements of the connected workers that run the operation
    /// (it passes when any of them accepts it); with none connected, against the newest announcement.
    func refusal(operation: String, input: JSONValue) -> WireError? {
        guard let newest = registry.newest(operation) else {
            let known = registry.names
            let list = known.isEmpty ? "no worker has announced any operation yet" : "known: \(known.joined(separator: ", "))"
            return WireError(.unknownOperation, "unknown operation \"\(operation)\": no worker has announced it; \(list)")
        }
        let schemas = liveSchemas(of: operation)
        var firstViolations: [SchemaViolation]?
        for schema in schemas.isEmpty ? [newest.announcement.input] : schemas {
            let violations = schema?.violations(of: input) ?? []
            if violations.isEmpty { return nil }
            if firstViolations == nil { firstViolations = violations }
        }
        let violations = firstViolations ?? []
        let listed = violations.map(\.description).joined(separator: "; ")
        return WireError(
            .invalidInput, "the input of \(operation) breaks its schema (\(violations.count) problem\(violations.count == 1 ? "" : "s")): \(listed)",
            violations: violations)
    }

    /// The input schemas of the distinct announcements of `operation` by connected workers, newest first: what
    /// `liveAnnouncements(of:)` gives, without hashing announcements or collecting names (every submit asks).
    func liveSchemas(of operation: String) -> [JSONSchema?] {
        var live: [OperationAnnouncement] = []
        for worker in workers.values {
            // Usually one announcement, shared by every worker: `==` finds the same storage at once.
            if let announcement = worker.announcements[operation], !live.contains(announcement) { live.append(announcement) }
        }
        let records = registry.records[operation] ?? []
        if live.count == 1, records.last?.announcement == live[0] { return [live[0].input] }
        let newestFirst = records.reversed().map(\.announcement)
        return newestFirst.filter { live.contains($0) }.map(\.input)
    }

    /// The distinct announcements of `operation` by connected workers, newest first, with their workers' names.
    func liveAnnouncements(of operation: String) -> [(announcement: OperationAnnouncement, workers: [String])] {
        var found: [OperationAnnouncement: Set<String>] = [:]
        for worker in workers.values {
            if let announcement = worker.announcements[operation] { found[announcement, default: []].insert(worker.name) }
        }
        let newestFirst = (registry.records[operation] ?? []).reversed().map(\.announcement)
        return newestFirst.compactMap { announcement in found[announcement].map { (announcement, $0.sorted()) } }
    }

    /// Every announced operation (or the one named), described for `interlude operations` and `GET /v1/operations`.
    func operationList(_ query: ClientRequest.OperationsQuery) -> BrokerReply {
        let names = query.name.map { [$0] } ?? registry.names
        if let name = query.name, registry.newest(name) == nil {
            return .error(WireError(.notFound, "no operation \"\(name)\" has been announced"))
        }
        var counts: [String: (queued: Int, running: Int, waiting: Int)] = [:]
        for active in jobs.values {
            switch active.job.state {
            case .queued: counts[active.job.operation, default: (0, 0, 0)].queued += 1
            case .running: counts[active.job.operation, default: (0, 0, 0)].running += 1
            case .waiting: counts[active.job.operation, default: (0, 0, 0)].waiting += 1
            case .succeeded, .failed, .cancelled: break
            }
        }
        let infos = names.compactMap { name -> OperationInfo? in
            let live = liveAnnouncements(of: name)
            guard let current = live.first.flatMap({ registry.record(of: $0.announcement) }) ?? registry.newest(name) else { return nil }
            let count = counts[name] ?? (0, 0, 0)
            let announcement = current.announcement
            return OperationInfo(
                name: name, summary: announcement.summary, input: announcement.input, catalog: announcement.catalog,
                workers: Array(Set(live.flatMap(\.workers))).sorted(),
                jobs: .init(queued: count.queued, running: count.running, waiting: count.waiting),
                announcedAt: current.lastAt, announcedBy: current.worker,
                variants: live.count > 1
                    ? live.map { .init(summary: $0.announcement.summary, input: $0.announcement.input, catalog: $0.announcement.catalog, workers: $0.workers) }
                    : nil)
        }
        return .operations(BrokerReply.OperationList(operations: infos))
    }
}
