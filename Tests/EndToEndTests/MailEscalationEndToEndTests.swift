import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Email {
    @Test(
        "A question for ana escalating to group ops after 2 s mails ana first, then luis (ops) alone with his own links, and its resolution reaches both"
    )
    func theEscalationMailsThePeopleItAdds() async throws {
        let sandbox = try Sandbox("mail-escalation")
        defer { sandbox.shutdown() }
        let smtp = try await MailReceiver(sandbox)
        defer { smtp.stop() }
        try FileManager.default.createDirectory(at: sandbox.data, withIntermediateDirectories: true)
        let keygen = try await sandbox.cli("keygen", "--link-key")
        #expect(keygen.status == 0, "\(keygen)")
        // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
        try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        let (ana, luis) = ("tok-ana-0123456789abcdef", "tok-luis-0123456789abcdef")
        try await sandbox.startGateway(
            environment: try Self.mailSettings(
                sandbox, url: smtp.url, extra: ["INTERLUDE_TOKENS": "ana:\(ana):submit+answer+read,luis:\(luis):answer+read:ops"]))
        let worker = try RawWorker(sandbox.workers)
        _ = try await onThread { try worker.announce("deployer-1", [OperationAnnouncement(name: "deployRelease", summary: "Deploys", input: nil)]) }
        let submitted = try await sandbox.api(token: ana).post(
            "/v1/operations", #"{"operation": "deployRelease", "input": {}, "audience": {"users": ["ana"]}}"#)
        #expect(submitted.status == 202, "\(submitted)")
        let (question, _) = try await onThread { try EndToEnd.Escalations.ask(worker, after: 2, to: Audience(groups: ["ops"])) }

        let first = try await smtp.waitFor("ana's mail") { $0.first }
        #expect(first.recipients == ["ana@example.com"], "\(first)")
        let widened = try await smtp.waitFor("luis's mail once the question escalates", timeout: .seconds(20)) { $0.count >= 2 ? $0[1] : nil }
        #expect(widened.recipients == ["luis@example.com"] && widened.header("In-Reply-To") == nil, "\(widened)")
        let text = try #require(widened.part("text/plain")).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("A job is waiting for an answer, and now asks you too.") && text.contains("It answers as luis, once"), "\(text)")
        let deploy = try Self.link("Deploy", in: text)
        #expect(deploy.contains("/answer/\(question.id)/"), "\(deploy)")

        let answered = try await sandbox.api(token: luis).post("/v1/presentations/\(question.id)/answer", #"{"action": "deploy"}"#)
        #expect(answered.status == 200, "\(answered)")
        let mails = try await smtp.waitFor("the resolution's mails") { $0.count >= 4 ? $0 : nil }
        let resolved = mails.dropFirst(2)
        #expect(Set(resolved.flatMap(\.recipients)) == ["ana@example.com", "luis@example.com"], "\(mails)")
        let toLuis = try #require(resolved.first { $0.recipients == ["luis@example.com"] })
        #expect(toLuis.header("In-Reply-To") == widened.header("Message-ID"), "luis's resolution follows his first mail")
        #expect(mails.count == 4, "nobody is mailed twice: \(mails)")
    }
}
