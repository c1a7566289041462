import Foundation
import Synchronization
import Testing
import Wire
@testable import Gateway

/// The resume logic of `/v1/events` on in-memory sources: a journal that grows and a live feed that
/// loses, repeats and reorders nothing but what the test tells it to.
@Suite struct EventStreamTests {
    /// What the stream wrote so far, and a way to wait (bounded) until it says something.
    final class Transcript: Sendable {
        private let text = Mutex("")
        private let changes: AsyncStream<Void>
        private let changed: AsyncStream<Void>.Continuation

        init() {
            (changes, changed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        }

        func append(_ chunk: Data) {
            text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            changed.yield()
        }

        var ids: [Int64] {
            text.withLock { $0 }.split(separator: "\n").filter { $0.hasPrefix("id: ") }.compactMap { Int64($0.dropFirst(4)) }
        }

        var current: String { text.withLock { $0 } }

        func wait(until done: @escaping @Sendable (Transcript) -> Bool) async throws {
            try await withTimeout(5) { [self] in
                if done(self) { return }
                for await _ in changes where done(self) { return }
            }
        }
    }

    /// A journal the test appends to; pages of two, so catching up takes several requests.
    final class Journal: Sendable {
        private let events = Mutex<[Event]>([])

        func append(_ sequences: ClosedRange<Int64>) {
            events.withLock { $0 += sequences.map { Event(sequence: $0, type: .jobQueued, at: Date()) } }
        }

        func page(after sequence: Int64) -> BrokerReply.EventPage {
            events.withLock { all in
                BrokerReply.EventPage(events: Array(all.filter { $0.sequence > sequence }.prefix(2)), last: all.last?.sequence ?? 0)
            }
        }
    }

    static func live(_ sequence: Int64, heartbeat: Bool = false) -> Event {
        Event(sequence: sequence, type: heartbeat ? .heartbeat : .jobQueued, at: Date())
    }

    @Test func gapsAreFilledFromTheJournalRepeatsDroppedAndHeartbeatsNotForwarded() async throws {
        let journal = Journal()
        journal.append(1...3)
        let (live, feed) = AsyncStream.makeStream(of: Event.self)
        let stream = EventStream(live: live, start: 2, heartbeat: .milliseconds(20)) { after throws(APIError) in
            journal.page(after: after)
        }
        let transcript = Transcript()
        let output = stream.run()
        let reader = Task {
            for await chunk in output { transcript.append(chunk) }
        }
        defer { reader.cancel() }

        try await transcript.wait { $0.ids == [3] }
        journal.append(4...6)
        feed.yield(Self.live(6))  // 4 and 5 never arrived live
        feed.yield(Self.live(5))  // a repeat
        try await transcript.wait { $0.ids == [3, 4, 5, 6] }
        journal.append(7...8)
        feed.yield(Self.live(8, heartbeat: true))  // a quiet broker's heartbeat shows 7 and 8 were missed
        feed.yield(Self.live(8))
        journal.append(9...9)
        feed.yield(Self.live(9))
        try await transcript.wait { $0.ids.last == 9 }
        #expect(transcript.ids == Array(3...9), "each event once, in order")
        #expect(!transcript.current.contains("event: heartbeat"))
        try await transcript.wait { $0.current.contains(": ping\n\n") }
    }

    @Test func aBrokerThatStopsAnsweringEndsTheStreamSoTheClientResumes() async throws {
        let (live, _) = AsyncStream.makeStream(of: Event.self)
        let stream = EventStream(live: live, start: 0, heartbeat: .seconds(60)) { _ throws(APIError) in
            throw APIError(504, "timeout", "the broker did not answer")
        }
        try await withTimeout(5) {
            for await _ in stream.run() {}
        }
    }
}
