import Foundation
import GatewayClient
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd.GatewayClients {
    /// Reads `stream` until `count` events have come, at most `timeout`; throws when it ends or times out first.
    static func take(_ count: Int, from iterator: inout AsyncThrowingStream<Event, any Error>.Iterator, timeout: Duration = .seconds(30)) async throws
        -> [Event]
    {
        var events: [Event] = []
        let deadline = ContinuousClock.now + timeout
        while events.count < count {
            guard ContinuousClock.now < deadline else { throw EndToEndFailure("timed out after \(events.count) of \(count) events: \(events.map(\.type))") }
            guard let event = try await iterator.next() else { throw EndToEndFailure("the stream ended after \(events.map(\.type))") }
            events.append(event)
        }
        return events
    }

    @Test("The event stream delivers each event as it happens while the response stays open: queued and pending before any answer")
    func eventsStream() async throws {
        let sandbox = try await Self.sandbox("gwclient-stream")
        defer { sandbox.shutdown() }
        let ana = try Self.client(sandbox, token: Self.ana)
        let start = try await ana.pending().sequence
        var events = ana.events(after: start).makeAsyncIterator()
        let job = try await ana.submit("removeDownload", input: try RawJSON(validating: Data(blueInGreen.utf8)))
        let first = try await Self.take(2, from: &events)
        #expect(first.map(\.type) == [.jobQueued, .presentationPending], "\(first.map(\.type))")
        #expect(first.allSatisfy { $0.job?.id == job.id })
        // Still the same response: the answer's events follow on it.
        let question = try #require(first.last?.presentation)
        _ = try await ana.answer(question.id, action: "remove")
        let then = try await Self.take(2, from: &events)
        #expect(then.map(\.type) == [.presentationResolved, .jobSucceeded], "\(then.map(\.type))")
        #expect((first + then).map(\.sequence) == Array((start + 1)...(start + 4)), "no gap, no repeat")
    }

    @Test("A stream dropped by a gateway restart is resumed with Last-Event-ID: what happened meanwhile arrives once each, in order, then live events")
    func dropAndResume() async throws {
        let sandbox = try await Self.sandbox("gwclient-resume")
        defer { sandbox.shutdown() }
        let ana = try Self.client(sandbox, token: Self.ana)
        let start = try await ana.pending().sequence
        var events = ana.events(after: start, backoff: .init(first: .milliseconds(100), maximum: .milliseconds(400))).makeAsyncIterator()
        let first = try await sandbox.submit("removeDownload", blueInGreen)
        let before = try await Self.take(2, from: &events)
        #expect(before.map(\.type) == [.jobQueued, .presentationPending])

        let gateway = try #require(sandbox.processes.first { $0.name == "gateway" })
        #expect(gateway.kill()?.signalled == true)
        // While the stream is down: an answer, the job's end, and a second job with its question (over ZeroMQ).
        let question = try await sandbox.question(of: first)
        #expect(try await sandbox.cli("answer", question.id, "remove").status == 0)
        try await sandbox.waitForEnd(of: first)
        let second = try await sandbox.submit("removeDownload", soWhat)
        _ = try await sandbox.question(of: second)
        let missed = try await sandbox.journalEvents().filter { $0.sequence > before[1].sequence }
        #expect(missed.count == 4, "\(missed.map(\.type))")
        try await sandbox.startGateway(name: "gateway-2", environment: ["INTERLUDE_TOKENS": Self.tokens])

        let replayed = try await Self.take(missed.count, from: &events)
        #expect(replayed.map(\.sequence) == missed.map(\.sequence), "every missed event, once, in order")
        #expect(replayed.map(\.type) == [.presentationResolved, .jobSucceeded, .jobQueued, .presentationPending])
        _ = try await ana.cancel(second)
        let live = try await Self.take(2, from: &events)
        #expect(live.map(\.sequence) == [missed[3].sequence + 1, missed[3].sequence + 2], "\(live.map(\.type))")
        #expect(live.map(\.type) == [.presentationResolved, .jobCancelled], "\(live.map(\.type))")
    }
}
