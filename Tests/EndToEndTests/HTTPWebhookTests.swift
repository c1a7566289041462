import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Incoming signed webhooks through `interlude gateway` to the broker.
    @Suite("Incoming webhooks") struct IncomingWebhooks {
        static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

        @Test("A signed webhook queues a job once, a replayed webhook-id returns it, and unsigned ones queue nothing")
        func signedReplayedAndUnsigned() async throws {
            let sandbox = try Sandbox("webhooks-in")
            defer { sandbox.shutdown() }
            try await sandbox.startAll(gateway: ["INTERLUDE_INCOMING_SECRET": Self.secret])
            let api = sandbox.api()
            let body = #"{"operation":"removeDownload","input":\#(blueInGreen)}"#

            let unsigned = try await api.post("/v1/webhooks/operations", body)
            #expect(unsigned.status == 401, "\(unsigned)")
            let forged = try await api.post(
                "/v1/webhooks/operations", body,
                headers: try WebhookSigning.headers(secret: "whsec_" + Data(repeating: 1, count: 24).base64EncodedString(), id: "msg_forged", body: body))
            #expect(forged.status == 401, "\(forged)")
            #expect(try await sandbox.jobs().isEmpty, "a refused webhook queues nothing")

            let headers = try WebhookSigning.headers(secret: Self.secret, id: "msg_e2e_1", body: body)
            let accepted = try await api.post("/v1/webhooks/operations", body, headers: headers)
            #expect(accepted.status == 202, "\(accepted)")
            let job = try accepted.decode(Job.self)
            #expect(accepted.header("Location") == "/v1/jobs/\(job.id)")
            let replayed = try await api.post("/v1/webhooks/operations", body, headers: headers)
            #expect(replayed.status == 202, "\(replayed)")
            #expect(try replayed.decode(Job.self).id == job.id, "a repeated webhook-id returns the job it created")
            #expect(try await sandbox.jobs().map(\.id) == [job.id])

            // The whole round trip by webhook: answer with the webhook channel, read the result.
            let question = try await sandbox.questionOverHTTP(job.id)
            let answer = try await api.post(
                "/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#, headers: ["X-Interlude-Channel": "webhook"])
            #expect(try answer.decode(Resolution.self).channel == "webhook")
            let done = try await sandbox.waitOverHTTP(job.id, "finished") { $0.isFinished }
            #expect(done.result == .object(["removed": .bool(true)]))
        }
    }
}
