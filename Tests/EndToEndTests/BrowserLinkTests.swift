import Foundation
import Presentation
import Testing

extension EndToEnd.Browser {
    @Test(
        "An answer link fetched by a scanner and opened in a phone's browser answers nothing; its button answers; opened again it says it can no longer answer")
    func anAnswerLinkInABrowser() async throws {
        let sandbox = try Sandbox("browser-link")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let job = try await sandbox.submit("removeDownload", blueInGreen)
        let question = try await sandbox.question(of: job)
        let made = try await sandbox.cli("link", question.id, "--for", "ana")
        #expect(made.status == 0, "\(made)")
        let action = try #require(question.actions.first { $0.role != .cancel })
        let run = try await BrowserTools.run(
            ["--presentation", question.id, "--link", made.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--action", action.id],
            script: "page_link.py", in: sandbox)
        #expect(run.passed, "\(run)")
    }
}
