import Foundation
import Presentation
import Testing
import Wire

extension EndToEnd.Browser {
    @Test(
        "The link of a mailed question, fetched by a scanner and opened in a phone's browser, answers nothing; its button answers; opened again it says it can no longer answer",
        .enabled(Comment(rawValue: "PyPI (pypi.org) is unreachable, and the SMTP server is aiosmtpd from it")) { await MailReceiver.canRun() })
    func aMailedLinkInABrowser() async throws {
        let sandbox = try Sandbox("browser-mail")
        defer { sandbox.shutdown() }
        let smtp = try await MailReceiver(sandbox)
        defer { smtp.stop() }
        try await EndToEnd.Email.start(sandbox, gateway: try EndToEnd.Email.mailSettings(sandbox, url: smtp.url))
        let (job, question) = try await EndToEnd.Email.ask(sandbox, for: "luis")
        let mail = try await smtp.waitFor("luis's mail") { $0.first }
        let link = try EndToEnd.Email.link("Remove", in: try #require(mail.part("text/plain")).replacingOccurrences(of: "\r\n", with: "\n"))
        let run = try await BrowserTools.run(["--presentation", question.id, "--link", link, "--action", "remove"], script: "page_link.py", in: sandbox)
        #expect(run.passed, "\(run)")
        #expect(try await sandbox.waitForEnd(of: job).outcome?.action == "remove")
    }
}
