import Presentation

/// The pending presentations a resolver knows of, oldest first, each once.
public struct PendingSet: Sendable, Hashable {
    /// The entries, oldest first.
    public private(set) var entries: [PendingEntry] = []

    /// An empty set.
    public init() {}

    /// Whether an entry with this id is pending.
    public func contains(_ id: String) -> Bool {
        entries.contains { $0.id == id }
    }

    /// The entry with this id, if pending.
    public func entry(_ id: String) -> PendingEntry? {
        entries.first { $0.id == id }
    }

    /// Adds `entry` after the newer of the entries created no later than it; `false` if it is already there.
    @discardableResult
    public mutating func add(_ entry: PendingEntry) -> Bool {
        guard !contains(entry.id) else { return false }
        // Live events arrive oldest first, so this is nearly always an append.
        let index = entries.lastIndex { $0.presentation.createdAt <= entry.presentation.createdAt }.map { $0 + 1 } ?? 0
        entries.insert(entry, at: index)
        return true
    }

    /// Puts `entry` at `index` (clamped to the entries), out of age order: a question that replaces one
    /// the person just answered takes its place; `false` if it is already there.
    @discardableResult
    public mutating func insert(_ entry: PendingEntry, at index: Int) -> Bool {
        guard !contains(entry.id) else { return false }
        entries.insert(entry, at: min(max(index, 0), entries.count))
        return true
    }

    /// The position of the entry with this id, if pending.
    public func index(of id: String) -> Int? {
        entries.firstIndex { $0.id == id }
    }

    /// Puts `entry` in place of the pending entry with its id (its approvals changed); `false` if none is pending.
    @discardableResult
    public mutating func replace(_ entry: PendingEntry) -> Bool {
        guard let index = index(of: entry.id) else { return false }
        entries[index] = entry
        return true
    }

    /// Removes and returns the entry with this id, if pending.
    @discardableResult
    public mutating func remove(_ id: String) -> PendingEntry? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index)
    }
}
