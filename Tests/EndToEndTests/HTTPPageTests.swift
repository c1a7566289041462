import Foundation
import TestSupport
import Testing
import Wire

extension EndToEnd.SizesAndPages {
    /// A page of `GET /v1/jobs`, with the fields that say whether it holds all it was asked for.
    struct HTTPJobPage: Decodable {
        let jobs: [Job]
        let next: String?
        let cutShort: Bool
        let trimmed: [String]
    }

    @Test("GET /v1/jobs says when a page is cut short (cutShort with next), and following next reaches every job once")
    func httpJobPagesSayTheyAreCutShort() async throws {
        let sandbox = try Sandbox("sizes-http-jobs")
        defer { sandbox.shutdown() }
        try await sandbox.startBroker()
        try await sandbox.announceShippedOperations()
        try await sandbox.startGateway()
        let input = try sandbox.inputFile("input.json", paddedInput(200 << 10))
        for _ in 0..<6 { _ = try await sandbox.submit("noop", input) }

        var pages: [HTTPJobPage] = []
        var cursor: String?
        repeat {
            let reply = try await sandbox.api().get("/v1/jobs?limit=6" + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(reply.status == 200, "\(reply.status)")
            let page = try reply.decode(HTTPJobPage.self)
            pages.append(page)
            cursor = page.next
        } while cursor != nil && pages.count < 10
        #expect(pages.count > 1, "six 200 KiB inputs do not fit in one 1 MiB reply")
        #expect(pages.dropLast().allSatisfy { $0.cutShort && $0.jobs.count < 6 }, "every page but the last ran out of bytes and says so")
        #expect(pages.last?.next == nil)
        let seen = pages.flatMap { $0.jobs.map(\.id) }
        #expect(seen.count == 6 && Set(seen).count == 6, "\(seen)")
        #expect(pages.allSatisfy { $0.trimmed.isEmpty }, "each job fits on its own")
    }
}
