import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// Events journaled before they carried a summary of their job (the whole job inside) still read back.
@Suite struct JournaledEventShapeTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: JournalEngine.testable)
    func anEventJournaledWithTheWholeJobReadsBackWithItsSummary(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let job = Job(
            id: "j1", operation: "removeDownload", input: .object(["trackID": .string("t-1")]), phase: .succeeded,
            result: .object(["removed": .bool(true)]), attempts: 1, createdAt: Self.at)
        let event = Event(sequence: 1, type: .jobSucceeded, at: Self.at, job: job)
        // The bytes of that time: the same event with the whole job in `job`.
        var whole = try JSONCoding.decoder.decode([String: JSONValue].self, from: Frames.json(event))
        whole["job"] = try JSONCoding.decoder.decode(JSONValue.self, from: JSONCoding.encoder.encode(job))
        let old = try JSONCoding.encoder.encode(whole)
        #expect(String(decoding: old, as: UTF8.self).contains("\"input\""))
        try journal.apply([.appendEncodedEvent(event, json: old), .appendEvent(Event(sequence: 2, type: .jobQueued, at: Self.at, job: job))])

        let read = try journal.events(after: 0, limit: 10)
        #expect(read.map(\.sequence) == [1, 2])
        #expect(read.first?.event == event, "read as the summary the broker publishes now")
        #expect(read.first?.event?.job?.result == .object(["removed": .bool(true)]))
    }
}
