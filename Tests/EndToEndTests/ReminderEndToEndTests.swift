import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.OutgoingWebhooks {
    @Test("presentation.reminder: sent while a question waits to a subscriber that lists it, never to one that does not")
    func remindersGoToSubscribersWhoAskForThem() async throws {
        let sandbox = try Sandbox("webhooks-reminder")
        defer { sandbox.shutdown() }
        let asking = try await WebhookReceiver(sandbox, name: "asking", secret: Self.secret)
        defer { asking.stop() }
        let plain = try await WebhookReceiver(sandbox, name: "plain", secret: Self.secret)
        defer { plain.stop() }
        let file = sandbox.root.appendingPathComponent("webhooks.json")
        try Data(#"[{"url": "\#(plain.url)", "secret": "\#(Self.secret)"}]"#.utf8).write(to: file)
        try await sandbox.startBroker(environment: ["INTERLUDE_REMINDER_SECONDS": "1"])
        try await sandbox.startWorker("w1")
        try await sandbox.startGateway(
            environment: Self.settings(
                asking,
                [
                    "INTERLUDE_WEBHOOK_EVENTS": "presentation.pending,presentation.reminder", "INTERLUDE_WEBHOOKS_FILE": file.path,
                ]))
        let job = try await Self.submit(sandbox)
        let question = try await sandbox.questionOverHTTP(job)

        let reminders = try await asking.waitFor("two reminders of \(question.id)") { requests -> [ReceivedWebhook]? in
            let found = requests.filter { $0.type == "presentation.reminder" && $0.data["presentation"]?["id"]?.stringValue == question.id }
            return found.count >= 2 ? found : nil
        }
        try Self.expectSigned(reminders[0])
        #expect(reminders[0].data["presentation"]?["expiresAt"] != nil, "the reminder carries the question, deadline included")
        _ = try await plain.waitFor("the plain subscriber's pending") { requests in requests.first { $0.type == "presentation.pending" } }
        #expect(try plain.requests().allSatisfy { $0.type != "presentation.reminder" }, "not among the default events")
        #expect(try await sandbox.api().post("/v1/presentations/\(question.id)/answer", #"{"action": "cancel"}"#).status == 200)
    }
}
