import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    @Suite("Answer links") struct AnswerLinks {
        @Test(
            "interlude link prints a link for ana only; its GET answers nothing, its form's POST answers once as ana through channel link, and every other use gets a page that changes nothing"
        )
        func aLinkAnswersOnceThroughItsForm() async throws {
            let sandbox = try Sandbox("answer-link")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--for", "ana")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)

            let bobs = try await sandbox.cli("link", question.id, "--for", "bob")
            #expect(bobs.status == 3 && bobs.stderr.contains("bob is not among them"), "\(bobs)")
            let made = try await sandbox.cli("link", question.id, "--for", "ana", "--expires", "10m")
            #expect(made.status == 0, "\(made)")
            let url = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let prefix = sandbox.gatewayURL + "/answer/\(question.id)/"
            #expect(url.hasPrefix(prefix), "\(made)")
            let path = String(url.dropFirst(sandbox.gatewayURL.count))
            let api = sandbox.api()

            let shown = try await api.get(path)
            #expect(shown.status == 200 && String(decoding: shown.body, as: UTF8.self).contains("Answering as ana"), "\(shown)")
            #expect(try await sandbox.status(job).presentation?.id == question.id, "a GET answers nothing")

            let tampered = try await api.get(path.dropLast() + (path.hasSuffix("A") ? "B" : "A"))
            #expect(tampered.status == 403, "\(tampered)")
            let elsewhere = try await api.get("/answer/p-other/" + path.dropFirst(prefix.count - sandbox.gatewayURL.count))
            #expect(elsewhere.status == 403 && String(decoding: elsewhere.body, as: UTF8.self).contains("another question"), "\(elsewhere)")

            let issued = try await api.post("/v1/presentations/\(question.id)/links", #"{"for": "ana", "expiresIn": 600}"#)
            #expect(issued.status == 201 && String(decoding: issued.body, as: UTF8.self).contains(prefix), "\(issued)")
            let notHers = try await api.post("/v1/presentations/\(question.id)/links", #"{"for": "bob"}"#)
            #expect(notHers.status == 422 && String(decoding: notHers.body, as: UTF8.self).contains("bob is not among them"), "\(notHers)")

            let action = try #require(question.actions.first { $0.role != .cancel })
            let form = ["Content-Type": "application/x-www-form-urlencoded", "Origin": sandbox.gatewayURL]
            let answered = try await api.send("POST", path, body: Data("action=\(action.id)".utf8), headers: form)
            #expect(answered.status == 200 && String(decoding: answered.body, as: UTF8.self).contains("You chose"), "\(answered)")
            let state = try await api.get("/v1/presentations/\(question.id)").decode(BrokerReply.PresentationState.self)
            let resolution = try #require(state.resolution)
            #expect(resolution.by == "ana" && resolution.channel == "link" && resolution.action == action.id, "\(resolution)")

            let again = try await api.send("POST", path, body: Data("action=\(action.id)".utf8), headers: form)
            #expect(again.status == 410 && String(decoding: again.body, as: UTF8.self).contains("already answered by ana (link)"), "\(again)")
            let reopened = try await api.get(path)
            #expect(reopened.status == 410, "\(reopened)")
        }
    }
}
