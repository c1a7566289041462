import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// The journal stores a job's output and a step's value as the bytes its worker wrote and gives them back unchanged.
@Suite struct JournalOutputBytesTests {
    static let output = #"{ "z" : [1.0e2, -0.0, 1E+2], "a":"caf\u00e9" }"#
    static let step = #"[ 1.50 , {"y":true,  "x":null} ]"#

    @Test(arguments: JournalEngine.testable)
    func theWorkersBytesSurviveReopening(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let output = try RawJSON(validating: Data(Self.output.utf8))
        let job = Job(id: "j1", operation: "noop", input: .object([:]), phase: .succeeded, result: output, attempts: 1, createdAt: now)
        do {
            let journal = try scratch.open()
            try journal.apply([
                .saveJob(job, idempotency: nil),
                .recordStep(job: "j1", name: "s", value: try RawJSON(validating: Data(Self.step.utf8))),
                .appendEvent(Event(sequence: 1, type: .jobSucceeded, at: now, job: job)),
            ])
        }
        let reopened = try scratch.open()
        #expect(try reopened.job("j1")?.result?.bytes == Data(Self.output.utf8))
        #expect(try reopened.history(of: "j1").steps["s"]?.bytes == Data(Self.step.utf8))
        #expect(try reopened.events(after: 0, limit: 1).first?.event?.job?.result?.bytes == Data(Self.output.utf8))
    }
}
