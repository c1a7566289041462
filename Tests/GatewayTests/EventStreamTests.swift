import Client
import Foundation
import JSON
import Presentation
import Synchronization
import TestSupport
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
            // Generous: at the start of a full run the shared test pool can be busy for many seconds.
            try await withTimeout(60) { [self] in
                if done(self) { return }
                for await _ in changes where done(self) { return }
            }
        }
    }

    static func event(_ sequence: Int64, heartbeat: Bool = false) -> Event {
        Event(sequence: sequence, type: heartbeat ? .heartbeat : .jobQueued, at: Date())
    }

    @Test func gapsAreFilledFromTheJournalRepeatsDroppedAndHeartbeatsNotForwarded() async throws {
        let source = InMemoryEventSource()
        for sequence in Int64(1)...3 { source.append(Self.event(sequence), live: false) }
        let stream = EventStream(source: source, start: 2, heartbeat: .milliseconds(20), silence: .seconds(30))
        let transcript = Transcript()
        let output = stream.run()
        let reader = Task {
            for await chunk in output { transcript.append(chunk) }
        }
        defer { reader.cancel() }

        try await transcript.wait { $0.ids == [3] }
        for sequence in Int64(4)...5 { source.append(Self.event(sequence), live: false) }  // never arrive live
        source.append(Self.event(6))
        try await transcript.wait { $0.ids == [3, 4, 5, 6] }
        for sequence in Int64(7)...8 { source.append(Self.event(sequence), live: false) }
        source.heartbeat()  // a quiet broker's heartbeat shows 7 and 8 were missed
        source.append(Self.event(9))
        try await transcript.wait { $0.ids.last == 9 }
        #expect(transcript.ids == Array(3...9), "each event once, in order")
        #expect(!transcript.current.contains("event: heartbeat"))
        try await transcript.wait { $0.current.contains(": ping\n\n") }
    }

    /// A source whose journal does not answer.
    struct Unanswering: EventSource {
        func live() throws -> AsyncStream<Event> { AsyncStream { _ in } }
        func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage {
            throw WireError(.timeout, "the broker did not answer")
        }
    }

    @Test func aBrokerThatStopsAnsweringEndsTheStreamSoTheClientResumes() async throws {
        let stream = EventStream(source: Unanswering(), start: 0, heartbeat: .seconds(60), silence: .milliseconds(40))
        try await withTimeout {
            for await _ in stream.run() {}
        }
    }

    @Test func aJournalThatCannotGoOnFromTheResumePointEndsTheStream() async throws {
        let source = InMemoryEventSource()
        source.append(Self.event(1))
        // The client resumes after 50, but this broker's history ends at 1 (its journal was replaced).
        let stream = EventStream(source: source, start: 50, heartbeat: .seconds(60), silence: .seconds(30))
        let output = stream.run()
        source.heartbeat()
        let text = try await withTimeout {
            var text = ""
            for await chunk in output { text += String(decoding: chunk, as: UTF8.self) }
            return text
        }
        #expect(text == ": events after 50\n\n", "nothing is sent that would skip or repeat events")
    }

    @Test func anEventJournaledWithTheWholeJobIsStreamedWithItsSummary() async throws {
        let job = Job(id: "job_1", operation: "noop", input: .object(["secret": .string("Blue in Green")]), phase: .succeeded, attempts: 1, createdAt: Date())
        let summed = Event(sequence: 1, type: .jobSucceeded, at: Date(), job: job)
        var whole = try JSONCoding.decoder.decode([String: JSONValue].self, from: Frames.json(summed))
        whole["job"] = try JSONCoding.decoder.decode(JSONValue.self, from: JSONCoding.encoder.encode(job))
        let source = InMemoryEventSource()
        // As a page of the journal reads it: no published bytes to pass on.
        source.append(try Frames.payload(Event.self, JSONCoding.encoder.encode(whole), in: "event"), live: false)
        let transcript = Transcript()
        let reader = Task {
            for await chunk in EventStream(source: source, start: 0, heartbeat: .seconds(30), silence: .seconds(30)).run() { transcript.append(chunk) }
        }
        defer { reader.cancel() }
        try await transcript.wait { $0.ids == [1] }
        let data = try #require(transcript.current.split(separator: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6))
        #expect(Data(data.utf8) == (try JSONWriter.encode(summed)))
        #expect(!data.contains("Blue in Green"), "the input is not streamed")
    }
}
