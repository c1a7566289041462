import Foundation
import Presentation
import Testing

extension EndToEnd.Browser {
    @Test("With tokens the page opens on a sign-in prompt, not on errors; signed in, it names who you are and offers Sign out")
    func signIn() async throws {
        let sandbox = try Sandbox("browser-signin")
        defer { sandbox.shutdown() }
        try await sandbox.startUp(environment: ["INTERLUDE_TOKENS": "ana:tok-ana-0123456789:answer+read"])
        let job = try await sandbox.submit("removeDownload", blueInGreen)
        let question = try await sandbox.question(of: job)

        let run = try await BrowserTools.run(
            ["--presentation", question.id, "--token", "tok-ana-0123456789", "--name", "ana"], script: "page_signin.py", in: sandbox)
        #expect(run.passed, "\(run)")
        #expect(!sandbox.diagnostics().contains("tok-ana"), "the token is never logged")
    }
}
