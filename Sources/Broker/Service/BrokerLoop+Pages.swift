import Foundation
import JSON
import Journal
import Presentation
import Wire

extension BrokerLoop {
    /// A page of jobs from the journal, newest first, cut by count and by bytes.
    func jobPage(_ list: ClientRequest.ListJobs) throws -> BrokerReply.JobPage {
        let limit = BrokerState.clamp(list.limit, ClientRequest.ListJobs.limits)
        if let after = list.after, Int64(after) == nil { throw WireError(.invalidBody, "after \"\(after)\" is not a cursor a page gave out") }
        var filler = PageFiller<Job>(limit: limit, budget: limits.pageBytes)
        let next = try Self.fill(&filler, after: list.after, chunk: min(limit + 1, 64), id: \.id) { (after: String?, count: Int) in
            try journal.jobs(states: list.state.map(BrokerState.rowStates), limit: count, after: after).map { row -> (String?, Job?) in
                (row.cursor, row.job.flatMap { state.listed($0, in: list.state) })
            }
        } trim: {
            $0.trimmed()
        }
        return BrokerReply.JobPage(jobs: filler.items, next: next ?? nil, cutShort: filler.cutShort, trimmed: filler.trimmed)
    }

    /// A page of a job's timeline, oldest first, cut by count and by bytes; `notFound` for a job the journal does not have.
    /// `besides`, a job the same reply carries, takes its size off the page's room.
    func historyPage(_ query: ClientRequest.HistoryQuery, besides job: Job? = nil) throws -> BrokerReply.HistoryPage {
        let room = limits.pageBytes - (try job.map { try JSONWriter.encode($0).count } ?? 0)
        let limit = BrokerState.clamp(query.limit, ClientRequest.HistoryQuery.limits)
        let start = try query.after.map { text throws(WireError) -> Int64 in
            guard let cursor = Int64(text) else { throw WireError(.invalidBody, "after \"\(text)\" is not a cursor a page gave out") }
            return cursor
        }
        let known = try state.jobs[query.job] != nil || journal.job(query.job) != nil
        guard known else { throw WireError(.notFound, "no job \(query.job)") }
        var filler = PageFiller<HistoryEntry>(limit: limit, budget: room)
        var counter = 0
        let next = try Self.fill(
            &filler, after: start, chunk: min(limit + 1, 64),
            id: { _ in
                counter += 1
                return String(counter)
            },
            read: { after, count in
                try journal.timeline(of: query.job, after: after, limit: count).map { (Optional($0.cursor), $0.entry) }
            },
            trim: { $0.trimmed() })
        return BrokerReply.HistoryPage(
            job: query.job, entries: filler.items, next: next.flatMap { $0 }.map(String.init), cutShort: filler.cutShort,
            refusalsOmitted: try journal.refusalsOmitted(of: query.job))
    }

    /// A page of journaled events after a sequence, oldest first, cut by count and by bytes.
    func eventPage(_ since: ClientRequest.EventsSince) throws -> BrokerReply.EventPage {
        let limit = BrokerState.clamp(since.limit, ClientRequest.EventsSince.limits)
        var filler = PageFiller<Event>(limit: limit, budget: limits.pageBytes)
        let next = try Self.fill(
            &filler, after: since.after, chunk: min(limit + 1, 64), id: { String($0.sequence) },
            read: { after, count in try journal.events(after: after, limit: count) },
            trim: { $0.trimmed() })
        // History pruned since the asker's sequence: say so, so it takes a new snapshot.
        let pruned = try journal.oldestEventSequence().flatMap { oldest in since.after + 1 < oldest ? oldest - 1 : nil }
        return BrokerReply.EventPage(
            events: filler.items, last: state.lastSequence, next: next, cutShort: filler.cutShort, trimmed: filler.trimmed, prunedThrough: pruned)
    }

    /// Offers rows to `filler` a chunk at a time, so a page reads and decodes only about what it holds;
    /// returns the cursor of the last row taken when more rows follow, else nil.
    static func fill<Item, Cursor>(
        _ filler: inout PageFiller<Item>, after start: Cursor, chunk: Int, id: (Item) -> String,
        read: (Cursor, Int) throws -> [(Cursor, Item?)], trim: (Item) -> Item
    ) rethrows -> Cursor? {
        var cursor = start
        var taken = false
        while true {
            let rows = try read(cursor, chunk)
            for (position, item) in rows {
                // A row that cannot be read is passed over; the cursor moves past it.
                guard let item else {
                    cursor = position
                    continue
                }
                guard filler.offer(item, id: id(item), trim: trim) else { return taken ? cursor : nil }
                cursor = position
                taken = true
            }
            if rows.count < chunk { return nil }
        }
    }
}
