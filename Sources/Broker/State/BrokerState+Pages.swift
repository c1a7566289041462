import Foundation
import Presentation
public import Wire

extension BrokerState {
    /// A job that has not ended, as the broker knows it now; nil for any other.
    public func activeJob(_ id: String) -> Job? { jobs[id]?.job }

    /// The states a job in `state` may have in its journal row: a running job's row can still say queued, as
    /// the row is not rewritten when the job is handed to a worker (`JournalChange.dispatch`).
    public static func rowStates(_ state: Job.State) -> [Job.State] {
        state == .queued || state == .running ? [.queued, .running] : [state]
    }

    /// A job read from the journal as the broker knows it (one that has not ended comes from memory), or nil
    /// when it is not in `state`.
    public func listed(_ job: Job, in state: Job.State?) -> Job? {
        let current = jobs[job.id]?.job ?? job
        return state == nil || current.state == state ? current : nil
    }

    /// The journal's counts by state with queued and running told apart by the broker: a running job's row can
    /// still say queued. Running are the jobs workers run now (not those waiting on a question).
    public func countsByState(journal counts: [String: Int]) -> [String: Int] {
        var counts = counts
        let (queued, running) = (Job.State.queued.rawValue, Job.State.running.rawValue)
        let unsettled = (counts[queued] ?? 0) + (counts[running] ?? 0)
        let runningNow = workers.values.reduce(0) { $0 + $1.running.count }
        counts[running] = runningNow
        counts[queued] = max(0, unsettled - runningNow)
        return counts
    }

    /// A page of pending presentations after the cursor, oldest first, cut by count and by bytes.
    func pendingPage(_ list: ClientRequest.ListPending) throws(WireError) -> BrokerReply.PendingSnapshot {
        let limit = Self.clamp(list.limit, ClientRequest.ListPending.limits)
        let start = try list.after.map { text throws(WireError) -> PendingCursor in
            guard let cursor = PendingCursor(text) else { throw WireError(.invalidBody, "after \"\(text)\" is not a cursor a page gave out") }
            return cursor
        }
        // From the cursor on in the index: a page costs O(log n + its size), however many are pending.
        var ordered = pendingIndex.after(start).lazy.compactMap { entry in
            self.jobs[entry.job].flatMap { active in
                active.slot.current.map { PendingItem(presentation: $0, operation: active.job.operation, approvals: active.slot.approvals) }
            }
        }.makeIterator()
        var filler = PageFiller<PendingItem>(limit: limit, budget: settings.limits.pageBytes)
        var last: PendingItem?
        var stopped = false
        while let item = ordered.next() {
            guard filler.offer(item, id: item.presentation.id, trim: { $0.trimmed() }) else {
                stopped = true
                break
            }
            last = item
        }
        // A next page when the page stopped before the end, after using up at least one.
        let next = stopped ? last.map { PendingCursor($0.presentation).text } : nil
        return BrokerReply.PendingSnapshot(
            presentations: filler.items.map(\.presentation), sequence: lastSequence,
            operations: Dictionary(filler.items.map { ($0.presentation.job, $0.operation) }) { first, _ in first },
            next: next, cutShort: filler.cutShort, trimmed: filler.trimmed,
            approvals: Dictionary(filler.items.map { ($0.presentation.id, $0.approvals) }) { first, _ in first })
    }

    /// A page size asked for, clamped to what the list allows.
    static func clamp(_ asked: Int?, _ limits: (range: ClosedRange<Int>, standard: Int)) -> Int {
        min(max(asked ?? limits.standard, limits.range.lowerBound), limits.range.upperBound)
    }
}

/// A presentation and its job's operation, measured together since a page carries both.
struct PendingItem: Encodable {
    let presentation: Presentation
    let operation: String
    /// Its approvals so far, listed beside it in the page.
    let approvals: [Approval]

    func trimmed() -> PendingItem { PendingItem(presentation: presentation.trimmed(), operation: operation, approvals: approvals) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(presentation)
        try container.encode(presentation.job)
        try container.encode(operation)
        if !approvals.isEmpty { try container.encode(approvals) }
    }
}
