import Foundation
import JSON
import Presentation
import Testing
import Wire

/// The reply to a `status` with its history carries the job's input as the bytes its client sent, as the
/// `job` reply does.
@Suite struct JobWithHistoryBytesTests {
    @Test("A job with its history carries the input's bytes through the broker's reply and back")
    func theInputKeepsItsBytes() throws {
        let input = try RawJSON(validating: Data(InputPassThroughTests.input.utf8))
        let job = Job(id: "job_1", operation: "noop", input: input, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let page = BrokerReply.HistoryPage(job: job.id, entries: [HistoryEntry(.queued, at: job.createdAt)], next: nil, refusalsOmitted: 2)
        let frames = Frames.encode(BrokerReply.jobWithHistory(.init(job: job, history: page)))
        #expect(String(decoding: frames[3], as: UTF8.self).contains(#""input":"# + InputPassThroughTests.input))
        guard case .jobWithHistory(let read) = try Frames.decode(frames, as: BrokerReply.self).message else {
            Issue.record("not a job with its history")
            return
        }
        #expect(read.job.input.bytes == Data(InputPassThroughTests.input.utf8))
        #expect(read.history == page)
    }
}
