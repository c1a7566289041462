import Client
import Foundation
import Synchronization
import TestSupport
import Testing
import Wire

/// `EventFollower` over a journal and live feed in memory: what it delivers, in order, once.
@Suite("The event follower") struct EventFollowerTests {
    /// What the follower delivered, and a bounded wait until it delivered enough.
    final class Delivered: Sendable {
        private let updates = Mutex<[String]>([])

        func note(_ update: EventFollower<Int64>.Update) {
            updates.withLock {
                switch update {
                case .snapshot(let sequence): $0.append("snapshot \(sequence)")
                case .events(let events): $0 += events.map { "\($0.sequence)" }
                }
            }
        }

        var all: [String] { updates.withLock { $0 } }

        func wait(for count: Int) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while all.count < count {
                guard ContinuousClock.now < deadline else { throw Timeout(delivered: all) }
                try await Task.sleep(for: .milliseconds(5))
            }
        }

        struct Timeout: Error { let delivered: [String] }
    }

    static func event(_ sequence: Int64) -> Event { Event(sequence: sequence, type: .jobQueued, at: Date()) }

    /// A follower whose snapshot is "the journal up to `snapshotAt`".
    static func follower(_ source: InMemoryEventSource, snapshotAt: Int64, into delivered: Delivered, silence: Duration = .seconds(30))
        -> EventFollower<Int64>
    {
        EventFollower(source: source, silence: silence, pageSize: 2, snapshot: { (snapshotAt, snapshotAt) }, deliver: { delivered.note($0) })
    }

    @Test("The snapshot comes first, then journaled and live events after it, once each, in order, gaps filled")
    func snapshotThenOrderedEvents() async throws {
        let source = InMemoryEventSource()
        for sequence in Int64(1)...5 { source.append(Self.event(sequence), live: false) }
        let delivered = Delivered()
        let following = Task { try await Self.follower(source, snapshotAt: 3, into: delivered).run() }
        defer { following.cancel() }
        try await delivered.wait(for: 3)
        source.append(Self.event(6), live: false)  // lost on the way
        source.append(Self.event(7))  // reveals the gap
        source.append(Self.event(7))  // a repeat
        source.append(Self.event(8))
        try await delivered.wait(for: 6)
        #expect(delivered.all == ["snapshot 3", "4", "5", "6", "7", "8"])
    }

    @Test("A live stream that ends is replaced, and what was published meanwhile is read from the journal")
    func resubscribesWhenTheStreamEnds() async throws {
        let source = InMemoryEventSource()
        let delivered = Delivered()
        let following = Task { try await Self.follower(source, snapshotAt: 0, into: delivered).run() }
        defer { following.cancel() }
        try await delivered.wait(for: 1)
        source.append(Self.event(1))
        try await delivered.wait(for: 2)
        source.endSubscriptions()
        source.append(Self.event(2), live: false)
        source.heartbeat()
        try await delivered.wait(for: 3)
        #expect(delivered.all == ["snapshot 0", "1", "2"])
    }

    @Test("With endOnFailure a failed fetch ends the follow with its error; cancelling ends it quietly")
    func failuresAndCancellation() async throws {
        let source = InMemoryEventSource()
        let failing = EventFollower<Int64>(
            source: source, silence: .seconds(30), endOnFailure: true,
            snapshot: { () async throws(WireError) -> (snapshot: Int64, sequence: Int64) in throw WireError(.unavailable, "gone") },
            deliver: { _ in })
        await #expect(throws: WireError.self) { try await failing.run() }

        let delivered = Delivered()
        let following = Task { try await Self.follower(source, snapshotAt: 0, into: delivered).run() }
        try await delivered.wait(for: 1)
        following.cancel()
        try await following.value
    }
}
