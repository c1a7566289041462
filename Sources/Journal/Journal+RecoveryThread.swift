import Foundation
public import Presentation
public import Wire

extension Journal {
    /// As `recover(_:)`, with the rows read (and their JSON) on a thread of its own while `each` runs on the
    /// caller's thread: a restarted broker builds its state from one batch of jobs while the next is read. The
    /// jobs come in the same order; at most `RecoveryHandoff.capacity` of them wait between the two threads.
    /// The journal is used by the reading thread alone until this returns.
    public func recoverAlongside(_ each: (Job, PresentationSlot) -> Void) throws -> [Quarantine] {
        let handoff = RecoveryHandoff()
        let journal = Lent(self)
        Thread {
            handoff.finish(Result { try journal.value.recover { handoff.put(($0, $1)) } })
        }.start()
        while let batch = handoff.take() {
            for (job, slot) in batch { each(job, slot) }
        }
        return try handoff.outcome()
    }

    /// The journal lent to the reading thread while its owner waits for the rows.
    // @unchecked: used by one thread at a time (the owner only takes it back once the reader has finished).
    private struct Lent: @unchecked Sendable {
        let value: Journal

        init(_ value: Journal) {
            self.value = value
        }
    }
}

/// Recovered jobs passed from the thread that reads them to the one that builds the broker's state, in
/// batches, bounded (the reader waits while `capacity` jobs are not yet taken).
// @unchecked: every shared field is read and written under `condition`; `filling` belongs to the reader.
package final class RecoveryHandoff: @unchecked Sendable {
    typealias Item = (Job, PresentationSlot)

    package static let batch = 256
    package static let capacity = 16 * batch

    private let condition = NSCondition()
    private var ready: [[Item]] = []
    private var result: Result<[Quarantine], any Error>?
    private var filling: [Item] = []

    /// The reader adds a job; a full batch is handed over, after waiting for room.
    func put(_ item: Item) {
        filling.append(item)
        guard filling.count >= Self.batch else { return }
        condition.lock()
        while ready.count * Self.batch >= Self.capacity { condition.wait() }
        ready.append(filling)
        condition.broadcast()
        condition.unlock()
        filling = []
        filling.reserveCapacity(Self.batch)
    }

    /// The reader is done: what is left is handed over with how the reading ended.
    func finish(_ outcome: Result<[Quarantine], any Error>) {
        condition.lock()
        if !filling.isEmpty { ready.append(filling) }
        filling = []
        result = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; nil once the reader is done and every batch was taken.
    func take() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty, result == nil { condition.wait() }
        guard !ready.isEmpty else { return nil }
        condition.broadcast()
        return ready.removeFirst()
    }

    /// How the reading ended (after `take` returned nil).
    func outcome() throws -> [Quarantine] {
        condition.lock()
        defer { condition.unlock() }
        return try result!.get()
    }
}
