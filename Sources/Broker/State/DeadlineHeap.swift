import Foundation

/// A binary min-heap of deadlines: the earliest is read in O(1), added and removed in O(log n).
struct DeadlineHeap<Payload: Sendable>: Sendable {
    /// One deadline and what it is for.
    struct Entry: Sendable {
        let at: Date
        let payload: Payload
    }

    private(set) var entries: [Entry] = []

    /// The number of deadlines held.
    var count: Int { entries.count }

    /// The earliest deadline, if any.
    var first: Entry? { entries.first }

    /// Adds a deadline.
    mutating func push(_ at: Date, _ payload: Payload) {
        entries.append(Entry(at: at, payload: payload))
        siftUp(entries.count - 1)
    }

    /// Removes and returns the earliest deadline.
    @discardableResult
    mutating func popFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        siftDown(0)
        return first
    }

    /// Keeps only the entries `keep` accepts, in O(n): for dropping many stale entries at once.
    mutating func filter(_ keep: (Entry) -> Bool) {
        entries.removeAll { !keep($0) }
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].at < entries[parent].at else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].at < entries[smallest].at { smallest = left }
            if right < entries.count, entries[right].at < entries[smallest].at { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
