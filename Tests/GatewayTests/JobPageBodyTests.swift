import Foundation
import HTTPServer
import JSON
import Presentation
import Testing
import Wire

@testable import Gateway

/// `GET /v1/jobs` writes its page with the hand-written writer: the bytes the encoder gave.
@Suite struct JobPageBodyTests {
    static var pages: [Bodies.JobPage] {
        let question = EventStreamBytesTests.presentation("prs_1", job: "job_2")
        var ended = EventStreamBytesTests.job("job_3", .succeeded)
        ended.result = .object(["bytes": .number(1.5e9), "ratio": .number(0.1), "path": .string("/a/\"b\"\n"), "none": .null])
        ended.error = Job.Failure(code: "late", message: "tab\there \u{1} 🎵")
        let jobs = [EventStreamBytesTests.job("job_1", .queued), EventStreamBytesTests.job("job_2", .running, presentation: question), ended]
        return [
            Bodies.JobPage(jobs: [], next: nil),
            Bodies.JobPage(jobs: jobs, next: "job_3"),
            Bodies.JobPage(jobs: Array(jobs.suffix(1)), next: nil),
            Bodies.JobPage(jobs: Array(jobs.prefix(2)), next: "job_2", cutShort: true, trimmed: ["job_2"]),
        ]
    }

    @Test(arguments: pages.indices)
    func theWrittenPageIsByteForByteWhatTheEncoderGave(index: Int) throws {
        let page = Self.pages[index]
        let encoded = try JSONCoding.encoder.encode(page)
        let response = HTTPResponse.written(200, page)
        #expect(String(decoding: try #require(response.bodyData), as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        #expect(response.status == 200 && response.headers["Content-Type"] == "application/json")
    }
}
