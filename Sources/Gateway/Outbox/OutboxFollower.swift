import Wire

/// Decides, for each live event, whether it is the next one to enqueue, a repeat, or proof of a gap.
/// Pure: the dispatcher performs the steps and reports the cursor back.
struct OutboxFollower: Sendable, Equatable {
    /// What to do with one live event.
    enum Step: Sendable, Equatable {
        /// It directly follows the cursor: enqueue it.
        case enqueue(Event)
        /// Already enqueued (seen during catch-up), or a heartbeat with nothing new.
        case skip
        /// Something was missed: fetch the journaled events after the cursor.
        case catchUp
    }

    /// The last sequence enqueued.
    private(set) var cursor: Int64

    /// A follower that has enqueued everything up to `cursor`.
    init(cursor: Int64) {
        self.cursor = cursor
    }

    /// The step for a live event; heartbeats carry the broker's last sequence.
    func receive(_ event: Event) -> Step {
        if event.type == .heartbeat { return event.sequence > cursor ? .catchUp : .skip }
        if event.sequence <= cursor { return .skip }
        return event.sequence == cursor + 1 ? .enqueue(event) : .catchUp
    }

    /// Records that everything up to `sequence` is enqueued; never moves back.
    mutating func advance(to sequence: Int64) {
        cursor = max(cursor, sequence)
    }
}
