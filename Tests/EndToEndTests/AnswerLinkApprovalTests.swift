import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.AnswerLinks {
    @Test("Two people's links approve deployRelease: the first says 1 of 2 and, used again, that ana already approved; the second resolves it listing both")
    func linksOfTwoPeopleApproveOnce() async throws {
        let sandbox = try Sandbox("answer-link-approvals")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let submitted = try await sandbox.cli("submit", "deployRelease", "--input", #"{"release": "2.4.1"}"#, "--for", "ana,bob")
        let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let question = try await sandbox.question(of: job)
        let api = sandbox.api()
        let form = ["Content-Type": "application/x-www-form-urlencoded", "Origin": sandbox.gatewayURL]
        func link(for person: String) async throws -> String {
            let made = try await sandbox.cli("link", question.id, "--for", person)
            #expect(made.status == 0, "\(made)")
            return String(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(sandbox.gatewayURL.count))
        }
        let (anas, bobs) = (try await link(for: "ana"), try await link(for: "bob"))

        let first = try await api.send("POST", anas, body: Data("action=deploy".utf8), headers: form)
        let firstPage = String(decoding: first.body, as: UTF8.self)
        #expect(first.status == 200 && firstPage.contains("Approval recorded") && firstPage.contains("1 of 2 approvals: waiting for one more"), "\(first)")
        let again = try await api.send("POST", anas, body: Data("action=deploy".utf8), headers: form)
        #expect(again.status == 409 && String(decoding: again.body, as: UTF8.self).contains("ana already approved deploy"), "\(again)")
        #expect(try await sandbox.status(job).presentation?.id == question.id, "one approval of two resolves nothing")

        let second = try await api.send("POST", bobs, body: Data("action=deploy".utf8), headers: form)
        #expect(second.status == 200 && String(decoding: second.body, as: UTF8.self).contains("You chose"), "\(second)")
        let state = try await api.get("/v1/presentations/\(question.id)").decode(BrokerReply.PresentationState.self)
        let resolution = try #require(state.resolution)
        #expect(resolution.approvals?.map(\.by) == ["ana", "bob"] && resolution.approvals?.allSatisfy { $0.channel == "link" } == true, "\(resolution)")
        #expect(try await sandbox.waitForEnd(of: job).result == .object(["deployed": .bool(true)]))
    }
}
