import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Email {
    @Test(
        "deployRelease asked of group ops mails ana and luis; luis's approval (1 of 2) is mailed to both in each one's thread, in each one's language"
    )
    func anApprovalShortOfTheNumberIsMailed() async throws {
        let sandbox = try Sandbox("mail-approval", transport: .gateway)
        defer { sandbox.shutdown() }
        sandbox.common["INTERLUDE_TOKENS"] = ["ana", "luis"].map { "\($0):\(Transport.token(for: $0)):submit+answer+read:ops" }.joined(separator: ",")
        let smtp = try await MailReceiver(sandbox)
        defer { smtp.stop() }
        try await Self.start(sandbox, gateway: try Self.mailSettings(sandbox, url: smtp.url))
        let ana = sandbox.api(token: Transport.token(for: "ana"))
        let submitted = try await ana.post("/v1/operations", #"{"operation": "deployRelease", "input": {"release": "2.4.1"}}"#)
        #expect(submitted.status == 202, "\(submitted)")
        let question = try await sandbox.questionOverHTTP(try submitted.decode(Job.self).id, client: ana)
        let asked = try await smtp.waitFor("the question's mails to ana and luis") { $0.count >= 2 ? $0 : nil }
        #expect(Set(asked.flatMap(\.recipients)) == ["ana@example.com", "luis@example.com"], "\(asked)")

        let approved = try await sandbox.cli("answer", question.id, "deploy", "--as", "luis")
        #expect(approved.status == 0 && approved.stdout.contains("1 of 2 approvals"), "\(approved)")
        let mails = try await smtp.waitFor("the approval's mails") { $0.count >= 4 ? $0 : nil }
        #expect(mails.count == 4, "one approval mail each: \(mails)")
        for (person, sentence) in [("luis", "luis approved “Deploy”: 1 of 2 approvals."), ("ana", "luis aprobó «Publicar»: 1 de 2 aprobaciones.")] {
            let first = try #require(asked.first { $0.recipients == ["\(person)@example.com"] })
            let mail = try #require(mails.dropFirst(2).first { $0.recipients == ["\(person)@example.com"] }, "no approval mail to \(person): \(mails)")
            let text = try #require(mail.part("text/plain"))
            #expect(mail.accepted && text.contains(sentence), "\(text)")
            #expect(mail.header("In-Reply-To") == first.header("Message-ID"), "threaded to \(person)'s first mail")
        }
    }
}
