import Foundation
import Presentation
import Wire

/// The pending presentations in page order and by deadline, kept as they come and go, so neither a
/// loop turn nor a page ever sorts or scans all of them.
///
/// Removal is lazy: a removed presentation leaves its place in the order and the heap until it reaches
/// the front or the index compacts (when stale places outnumber the live ones), so every operation is
/// O(log n) amortized.
struct PendingIndex: Sendable {
    /// Each pending presentation's job, by presentation id: what is live.
    private(set) var jobs: [String: String] = [:]
    /// Page order (creation time, then id); may hold removed presentations.
    private var order: [PendingCursor] = []
    /// Presentations that expire, earliest first; may hold removed ones, never at the top.
    private var deadlines = DeadlineHeap<String>()

    /// The number of pending presentations.
    var count: Int { jobs.count }

    /// When the earliest pending presentation expires.
    var nextExpiry: Date? { deadlines.first?.at }

    /// Makes room for `count` pending presentations at once (a recovery that knows how many come).
    mutating func reserveCapacity(_ count: Int) {
        jobs.reserveCapacity(count)
        order.reserveCapacity(count)
    }

    /// Adds a pending presentation of job `job`.
    mutating func insert(_ presentation: Presentation) {
        guard jobs.updateValue(presentation.job, forKey: presentation.id) == nil else { return }
        let cursor = PendingCursor(presentation)
        if let last = order.last, cursor < last {
            order.insert(cursor, at: firstIndex(after: cursor))
        } else {
            order.append(cursor)
        }
        if let expiry = presentation.expiresAt { deadlines.push(expiry, presentation.id) }
    }

    /// Removes a presentation that is no longer pending; unknown ids change nothing.
    mutating func remove(_ id: String) {
        guard jobs.removeValue(forKey: id) != nil else { return }
        dropStaleDeadlines()
        if order.count > 2 * jobs.count + 1024 { order.removeAll { jobs[$0.id] == nil } }
        if deadlines.count > 2 * jobs.count + 1024 { deadlines.filter { jobs[$0.payload] != nil } }
    }

    /// Takes out the ids of pending presentations that expire at `now` or before, earliest first; the
    /// caller resolves each (and so removes it).
    mutating func popExpired(at now: Date) -> [String] {
        var due: [String] = []
        while let first = deadlines.first, first.at <= now {
            deadlines.popFirst()
            if jobs[first.payload] != nil { due.append(first.payload) }
        }
        return due
    }

    /// Pending presentations after `cursor` (from the start without one), in page order, as (cursor, job id).
    func after(_ cursor: PendingCursor?) -> some Sequence<(cursor: PendingCursor, job: String)> {
        let start = cursor.map(firstIndex(after:)) ?? 0
        return order[start...].lazy.compactMap { cursor in jobs[cursor.id].map { (cursor, $0) } }
    }

    /// Every pending presentation's cursor and job, in page order.
    var all: [(cursor: PendingCursor, job: String)] { Array(after(nil)) }

    /// The index of the first place in `order` past `cursor` (binary search).
    private func firstIndex(after cursor: PendingCursor) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if cursor < order[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Pops removed presentations off the top of the heap, so `nextExpiry` names a live one.
    private mutating func dropStaleDeadlines() {
        while let first = deadlines.first, jobs[first.payload] == nil { deadlines.popFirst() }
    }
}
