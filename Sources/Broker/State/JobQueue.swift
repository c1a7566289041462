/// The ids of jobs waiting for a worker, in the order they are handed out. Adding at either end, taking
/// the first and removing any one are O(1) amortized, however long the queue: a removed id leaves a stale
/// place behind, skipped when reached and dropped when stale places outnumber live ones.
struct JobQueue: Sendable {
    /// Each queued id's serial, so a place left by an earlier stay in the queue is told from the current one.
    private var serials: [String: Int] = [:]
    /// Ids put at the head, the first to go out last in the array.
    private var front: [(serial: Int, id: String)] = []
    /// Ids put at the tail, from `head` on.
    private var back: [(serial: Int, id: String)] = []
    private var head = 0
    private var nextSerial = 0

    /// The number of queued jobs.
    var count: Int { serials.count }

    /// Whether `id` is queued.
    func contains(_ id: String) -> Bool { serials[id] != nil }

    /// Every queued id, first out first.
    var ids: [String] {
        (front.reversed() + back[head...]).filter { serials[$0.id] == $0.serial }.map(\.id)
    }

    /// Queues `id` last (moving it there if it was queued).
    mutating func append(_ id: String) {
        back.append((stamp(id), id))
    }

    /// Queues `id` first (moving it there if it was queued).
    mutating func prepend(_ id: String) {
        front.append((stamp(id), id))
    }

    /// Queues `ids` first, in their order.
    mutating func prepend(contentsOf ids: [String]) {
        for id in ids.reversed() { prepend(id) }
    }

    /// Takes the first queued id out.
    mutating func popFirst() -> String? {
        while let entry = front.popLast() {
            if take(entry) { return entry.id }
        }
        while head < back.count {
            let entry = back[head]
            head += 1
            if take(entry) {
                compact()
                return entry.id
            }
        }
        compact()
        return nil
    }

    /// Takes `id` out wherever it is; an id not queued changes nothing.
    mutating func remove(_ id: String) {
        guard serials.removeValue(forKey: id) != nil else { return }
        compact()
    }

    private mutating func stamp(_ id: String) -> Int {
        nextSerial += 1
        serials[id] = nextSerial
        return nextSerial
    }

    /// Takes `entry` out if it is its id's current place.
    private mutating func take(_ entry: (serial: Int, id: String)) -> Bool {
        guard serials[entry.id] == entry.serial else { return false }
        serials[entry.id] = nil
        return true
    }

    /// Drops the places already passed, and stale ones once they outnumber the live ones.
    private mutating func compact() {
        if head > 1024, head * 2 > back.count {
            back.removeFirst(head)
            head = 0
        }
        if front.count + back.count - head > 2 * serials.count + 1024 {
            front.removeAll { serials[$0.id] != $0.serial }
            back = back[head...].filter { serials[$0.id] == $0.serial }
            head = 0
        }
    }
}
