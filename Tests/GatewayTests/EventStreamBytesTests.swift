import Client
import Foundation
import HTTPServer
import JSON
import Presentation
import TestSupport
import Testing
import Wire

@testable import Gateway

/// `/v1/events` passes each live event on as the broker published it: the same SSE block, byte for byte, as
/// writing the decoded event again gave.
@Suite struct EventStreamBytesTests {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    static func presentation(_ id: String, job: String) -> Presentation {
        let draft = Presentation.Draft.confirmationDialog(
            "Remove \"download\"", titleVisibility: .visible, message: "Blue in Green\nwill no longer be available — offline 🎵.",
            actions: [Action(id: "remove", label: "Remove", role: .destructive), Action(id: "keep", label: "Keep")])
        return try! Presentation(draft, id: id, job: job, sequence: 1, createdAt: at)
    }

    static func job(_ id: String, _ phase: Job.Phase, presentation: Presentation? = nil) -> Job {
        Job(
            id: id, operation: "removeDownload", input: .object(["title": .string("Blue in Green")]), phase: phase, presentation: presentation, attempts: 1,
            createdAt: at)
    }

    /// Events of every kind the broker publishes, optional parts set and unset, strings that need escaping,
    /// numbers of every sort in a result, an error and an outcome.
    static var everyKind: [Event] {
        let question = presentation("prs_1", job: "job_1")
        let answered = Resolution(
            presentation: "prs_1", job: "job_1", cause: .answered, action: "remove", by: "ana \"é\"\n", channel: "webhook", at: at,
            values: ["note": "tab\there / ünïcode 🎵", "empty": ""])
        let expired = Resolution(presentation: "prs/2 ?", job: "job_2", cause: .expired, action: nil, by: nil, channel: nil, at: at)
        let ended = JobSummary(
            id: "job_1", operation: "removeDownload", state: .succeeded, attempts: 2, updatedAt: at.addingTimeInterval(0.456),
            result: .object([
                "removed": .bool(true), "bytes": .number(1.5e9), "ratio": .number(0.1), "count": .integer(-42), "path": .string("/a/b\\c"),
                "none": .null, "list": .array([.integer(1), .string("two"), .object([:])]),
            ]),
            outcome: Job.Outcome(answered))
        let failed = JobSummary(
            id: "job_3", operation: "fetch", state: .failed, attempts: 8, updatedAt: at,
            error: Job.Failure(code: "timeout", message: "no answer in 5 s\u{1}\r\n"))
        return [
            Event(sequence: 1, type: .jobQueued, at: at, job: job("job_1", .queued)),
            Event(sequence: 2, type: .presentationPending, at: at, job: job("job_1", .running, presentation: question), presentation: question),
            Event(sequence: 3, type: .presentationReminder, at: at, job: job("job_1", .running, presentation: question), presentation: question),
            Event(sequence: 4, type: .presentationResolved, at: at, job: ended, resolution: answered),
            Event(sequence: 5, type: .presentationResolved, at: at, resolution: expired),
            Event(sequence: 6, type: .jobSucceeded, at: at, job: ended),
            Event(sequence: 7, type: .jobFailed, at: at, job: failed),
            Event(sequence: 8, type: .jobCancelled, at: at, job: JobSummary(id: "job_4", operation: "fetch", state: .cancelled, attempts: 0, updatedAt: at)),
            Event(sequence: 9_007_199_254_740_993, type: .jobQueued, at: at),
        ]
    }

    /// The block as the route wrote it before it passed bytes on: the decoded event written again.
    static func rewritten(_ event: Event) throws -> Data {
        var json = JSONWriter(capacity: 1_024)
        try event.write(to: &json)
        return SSE.event(id: String(event.sequence), event: event.type.rawValue, bytes: json.bytes)
    }

    @Test(arguments: everyKind)
    func aPublishedEventGoesOutByteForByteAsWhenItWasWrittenAgain(event: Event) throws {
        // As the broker publishes it, and as a subscriber reads it.
        let frames = event.frames
        let received = try Event.decode(frames)
        #expect(received.published == frames[1])
        #expect(received.sequence == event.sequence && received.type == event.type)
        let block = try #require(EventStream.block(received))
        #expect(String(decoding: block, as: UTF8.self) == String(decoding: try Self.rewritten(received), as: UTF8.self))
        // The same event from a page of the journal (no published bytes) is written, to the same block.
        let paged = try Frames.payload(Event.self, frames[1], in: "event")
        #expect(paged.published == nil && paged == received)
        #expect(EventStream.block(paged) == block)
    }

    @Test func aLiveEventIsPassedOnUntouchedAndAPagedOneWritten() async throws {
        // Bytes the writer would not give (spaces, another key order): only passing them on keeps them.
        let published = Data(#"{ "type": "job.queued", "sequence": 2, "at": "2026-12-01T10:00:00.000Z" }"#.utf8)
        let live = try Event.decode([Data("job.queued".utf8), published])
        let source = InMemoryEventSource()
        source.append(Event(sequence: 1, type: .jobQueued, at: Self.at), live: false)
        let output = EventStream(source: source, start: 0, heartbeat: .seconds(30), silence: .seconds(30)).run()
        let text = try await withTimeout {
            var text = ""
            for await chunk in output {
                text += String(decoding: chunk, as: UTF8.self)
                if text.contains("id: 1\n") && !text.contains("id: 2\n") { source.append(live) }
                if text.contains("id: 2\n") { break }
            }
            return text
        }
        #expect(text.contains("id: 1\nevent: job.queued\ndata: {\"at\":\"2026-11-18T11:06:40.000Z\",\"sequence\":1,\"type\":\"job.queued\"}\n\n"))
        #expect(text.hasSuffix("id: 2\nevent: job.queued\ndata: \(String(decoding: published, as: UTF8.self))\n\n"))
    }
}
