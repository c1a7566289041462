import Foundation
import HTTPServer
import Testing
import Wire
@testable import Gateway

/// Job errors the API shows name no absolute server path: each is shortened to its last component.
@Suite struct ServerPathsTests {
    @Test(arguments: [
        (#"no download for track "t-9" in /srv/interlude/library/downloads"#, #"no download for track "t-9" in …/downloads"#),
        ("cannot read /srv/library/projects/demo: No such file or directory", "cannot read …/demo: No such file or directory"),
        ("cannot open the library /srv/library.", "cannot open the library …/library."),
        (#"the backup "b.tar" has an unsafe entry, (/etc/passwd) ; nothing"#, #"the backup "b.tar" has an unsafe entry, (…/passwd) ; nothing"#),
        ("/var/lib/interlude/x is full", "…/x is full"),
        ("path=/a/b, then '/c/d'", "path=…/b, then '…/d'"),
    ])
    func absolutePathsAreShortenedToTheirLastComponent(message: String, shown: String) {
        #expect(ServerPaths.redacted(message) == shown)
    }

    @Test(arguments: ["HTTP 404 from https://hooks.example/a/b", "a/b/c is relative", "the root / and /tmp stay", "no path at all", "1/2 done"])
    func whatIsNoAbsolutePathOfTwoComponentsIsLeftAsItIs(message: String) {
        #expect(ServerPaths.redacted(message) == message)
    }

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
