import Foundation
import HTTPServer
import Testing
import Wire

@testable import Gateway

/// `/v1/events` sends a failed job's event without the server paths its error names (`ServerPaths`).
@Suite struct EventStreamServerPathsTests {
    @Test func aFailedJobsEventGoesOutWithoutTheServersPaths() throws {
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let failed = JobSummary(
            id: "job_3", operation: "removeDownload", state: .failed, attempts: 1, updatedAt: at,
            error: Job.Failure(code: "downloadNotFound", message: "no download in /srv/secret/library/downloads"))
        let block = try #require(EventStream.block(Event(sequence: 7, type: .jobFailed, at: at, job: failed)))
        let text = String(decoding: block, as: UTF8.self)
        #expect(!text.contains("/srv/secret"), "\(text)")
        #expect(text.contains("no download in …/downloads"), "\(text)")
    }
}
