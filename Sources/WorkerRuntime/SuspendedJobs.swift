/// The jobs whose tasks wait on an answer, oldest first, so a worker holding more than `limit` of them lets
/// the oldest go (the broker replays a dropped job once its question is resolved). Every operation is O(1)
/// amortized: an ended wait leaves a stale place in the order, skipped or compacted later.
struct SuspendedJobs: Sendable {
    /// One attempt of a job: a replay of the same job on this worker is another attempt.
    struct Key: Hashable, Sendable {
        let job: String
        let attempt: Int
    }

    /// How many tasks may wait at once.
    let limit: Int
    /// The serial of each waiting attempt's suspension.
    private var serials: [Key: Int] = [:]
    /// Suspensions in the order they began; may hold ended ones.
    private var order: [(serial: Int, key: Key)] = []
    private var head = 0
    private var nextSerial = 0

    /// At most `limit` (at least 1) waiting at once.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The number of waiting tasks.
    var count: Int { serials.count }

    /// Records that `key` waits; returns the attempts to let go, oldest first, so that at most `limit` wait.
    mutating func suspend(_ key: Key) -> [Key] {
        nextSerial += 1
        serials[key] = nextSerial
        order.append((nextSerial, key))
        var dropped: [Key] = []
        while serials.count > limit, head < order.count {
            let (serial, candidate) = order[head]
            head += 1
            if serials[candidate] == serial {
                serials[candidate] = nil
                dropped.append(candidate)
            }
        }
        compact()
        return dropped
    }

    /// The wait of `key` ended (answered, cancelled, or dropped): it no longer counts.
    mutating func resume(_ key: Key) {
        guard serials.removeValue(forKey: key) != nil else { return }
        compact()
    }

    /// Drops the order's stale places once they outnumber the live ones.
    private mutating func compact() {
        guard order.count - head > 2 * serials.count + 1024 || head > 1024 && head * 2 > order.count else { return }
        order = order[head...].filter { serials[$0.key] == $0.serial }
        head = 0
    }
}
