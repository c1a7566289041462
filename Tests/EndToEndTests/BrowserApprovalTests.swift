import Foundation
import Presentation
import Testing
import Wire

extension EndToEnd.Browser {
    @Test("In the page a question needing two approvals shows 1 of 2 and who; one approval keeps it open saying so; the second resolves it")
    func aQuestionNeedingTwoApprovalsInThePage() async throws {
        let sandbox = try Sandbox("browser-approvals")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        func deploy(_ release: String) async throws -> Presentation {
            let submitted = try await sandbox.cli("submit", "deployRelease", "--input", #"{"release": "\#(release)"}"#, "--for", "ana,anonymous")
            return try await sandbox.question(of: submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let (first, second) = (try await deploy("2.4.1"), try await deploy("2.4.2"))
        let approved = try await sandbox.cli("answer", first.id, "deploy", "--as", "ana")
        #expect(approved.status == 0, "\(approved)")
        let run = try await BrowserTools.run(["--first", first.id, "--second", second.id], script: "page_approvals.py", in: sandbox)
        #expect(run.passed, "\(run)")
        let done = try await sandbox.waitForEnd(of: first.job)
        #expect(done.outcome?.action == "deploy", "\(done)")
        let state = try await sandbox.api().get("/v1/presentations/\(second.id)").decode(BrokerReply.PresentationState.self)
        #expect(state.resolution == nil && state.approvals?.map(\.by) == ["anonymous"] && state.approvals?.first?.channel == "web", "\(state)")
    }
}
