import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// The journal stores a job's input as the bytes its client sent and gives them back unchanged.
@Suite struct JournalInputBytesTests {
    static let input = #"{ "b" : [1.0e2, -0.0, 1E+2], "a":"caf\u00e9" }"#

    @Test(arguments: JournalEngine.testable)
    func theInputsBytesSurviveReopeningAndRecovery(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let input = try RawJSON(validating: Data(Self.input.utf8))
        let job = Job(id: "j1", operation: "noop", input: input, createdAt: now)
        do {
            let journal = try scratch.open()
            try journal.apply([.saveJob(job, idempotency: Idempotency(key: "k", operation: "noop", input: input))])
        }
        let reopened = try scratch.open()
        #expect(try reopened.job("j1")?.input.bytes == Data(Self.input.utf8))
        #expect(try reopened.recover().jobs.map(\.0.input.bytes) == [Data(Self.input.utf8)])
        let keyed = try #require(try reopened.job(idempotencyKey: "k"))
        let respelled = try RawJSON(validating: Data(#"{"a":"café","b":[100,0,100]}"#.utf8))
        #expect(keyed.digest == Idempotency.digest(operation: "noop", input: respelled), "the digest is the value's, whatever its spelling")
    }
}
