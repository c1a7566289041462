import Client
import Foundation
import Synchronization
import Testing
import Wire
import ZeroMQ

/// `BrokerConnection.listen`: events handed to a closure on the subscription's own thread.
@Suite struct EventListenerTests {
    /// What the listener was handed, and whether each call came outside any task (on the subscription's thread).
    final class Heard: Sendable {
        private let state = Mutex<(sequences: [Int64], types: Set<String>, inATask: Int)>(([], [], 0))

        func note(_ event: Event) {
            let inATask = withUnsafeCurrentTask { $0 != nil }
            state.withLock {
                $0.sequences.append(event.sequence)
                $0.types.insert(event.type.rawValue)
                if inATask { $0.inATask += 1 }
            }
        }

        var sequences: [Int64] { state.withLock { $0.sequences } }
        var types: Set<String> { state.withLock { $0.types } }
        var callsInATask: Int { state.withLock { $0.inATask } }
    }

    /// Publishes `frames` until `done` holds (a subscription misses what is published before it joins), at most 30 s
    /// (a bound for a starved test process, as the other suites' waits: the subscription usually joins within milliseconds).
    static func publish(_ frames: () -> [Data], on socket: Socket, until done: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !done() {
            guard ContinuousClock.now < deadline else { throw Timeout() }
            _ = try socket.send(frames())
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    struct Timeout: Error {}

    @Test("Each event of the topics is handed over on the subscription's thread, in order; others are not")
    func eventsReachTheClosureOnTheSubscriptionThread() async throws {
        let publisher = try Socket(try Context(), .pub)
        defer { publisher.close() }
        try publisher.bind("tcp://127.0.0.1:*")
        let connection = try BrokerConnection(.init(clients: "tcp://127.0.0.1:1", events: try publisher.lastEndpoint))
        defer { connection.close() }
        let heard = Heard()
        let listener = try connection.listen(topics: ["job."]) { heard.note($0) }
        defer { listener.cancel() }

        try await Self.publish({ Event(sequence: 1, type: .jobQueued, at: Date()).frames }, on: publisher, until: { !heard.sequences.isEmpty })
        _ = try publisher.send(Event(sequence: 2, type: .presentationPending, at: Date()).frames)
        for sequence in Int64(3)...5 { _ = try publisher.send(Event(sequence: sequence, type: .jobSucceeded, at: Date()).frames) }
        try await Self.publish({ Event(sequence: 6, type: .jobQueued, at: Date()).frames }, on: publisher, until: { heard.sequences.contains(6) })

        let sequences = heard.sequences.filter { $0 != 1 && $0 != 6 }
        #expect(sequences == [3, 4, 5], "\(heard.sequences)")
        #expect(heard.types == ["job.queued", "job.succeeded"])
        #expect(heard.callsInATask == 0, "the closure ran inside a task, not on the subscription's thread")
    }
}
