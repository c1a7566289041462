import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// A question whose audience widens after a delay, on a real broker and gateway with a worker on the wire.
    @Suite("Escalation") struct Escalations {
        /// A worker's question for the job's audience, escalating to `to` after `seconds`.
        static func ask(_ worker: RawWorker, after seconds: Int, to: Audience) throws -> (Presentation, BrokerCommand.Dispatch) {
            let dispatch = try worker.dispatch()
            var draft = Presentation.Draft.alert(
                "Deploy release 4.2?", actions: [Action(id: "deploy", label: "Deploy"), Action(id: "cancel", label: "Cancel", role: .cancel)])
            draft.escalation = Escalation(afterSeconds: seconds, to: to)
            try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: draft)), correlation: "p1")
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline {
                if case .presented(let presentation) = try worker.receive() { return (presentation, dispatch) }
            }
            throw EndToEndFailure("the broker did not take the question within 15 s")
        }

        @Test(
            "A question for ana escalating to group leads after 2 s: lee (leads) is refused before, presentation.escalated arrives on the stream with the widened audience, lee's answer then takes effect and the job succeeds"
        )
        func leadsMayAnswerOnceTheQuestionEscalates() async throws {
            let sandbox = try Sandbox("escalation-http")
            defer { sandbox.shutdown() }
            // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
            try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
            let (ana, lee) = ("tok-ana-0123456789abcdef", "tok-lee-0123456789abcdef")
            try await sandbox.startGateway(environment: ["INTERLUDE_TOKENS": "ana:\(ana):submit+answer+read,lee:\(lee):answer+read:leads"])
            let worker = try RawWorker(sandbox.workers)
            _ = try await onThread { try worker.announce("deployer-1", [OperationAnnouncement(name: "deployRelease", summary: "Deploys", input: nil)]) }
            let events = try SSEConnection(port: try sandbox.gatewayPort, target: "/v1/events", headers: ["Authorization": "Bearer \(lee)"])
            defer { events.close() }
            try await events.opened()

            let submitted = try await sandbox.api(token: ana).post(
                "/v1/operations", #"{"operation": "deployRelease", "input": {}, "audience": {"users": ["ana"]}}"#)
            #expect(submitted.status == 202, "\(submitted)")
            let (question, dispatch) = try await onThread { try Self.ask(worker, after: 2, to: Audience(groups: ["leads"])) }
            #expect(question.audience == Audience(users: ["ana"]) && question.escalatedAt == nil)
            let path = "/v1/presentations/\(question.id)/answer"
            let refused = try await sandbox.api(token: lee).post(path, #"{"action": "deploy"}"#)
            #expect(refused.status == 403 && refused.error?.code == .forbidden, "\(refused)")

            let messages = try await events.messages(3, timeout: .seconds(10))
            #expect(messages.map(\.event) == ["job.queued", "presentation.pending", "presentation.escalated"], "\(messages)")
            let escalated = try JSONCoding.decoder.decode(Event.self, from: Data(messages[2].data.utf8))
            #expect(escalated.presentation?.id == question.id)
            #expect(escalated.presentation?.audience == Audience(users: ["ana"], groups: ["leads"]), "\(String(describing: escalated.presentation))")
            let waited = try #require(escalated.presentation?.escalatedAt).timeIntervalSince(question.createdAt)
            #expect(waited >= 2 && waited < 4, "escalated \(waited) s after it was asked")

            let answered = try await sandbox.api(token: lee).post(path, #"{"action": "deploy"}"#)
            #expect(answered.status == 200, "\(answered)")
            #expect(try answered.decode(Resolution.self).by == "lee")
            let resumed = try await onThread { () throws -> Resolution in
                let deadline = ContinuousClock.now + .seconds(15)
                while ContinuousClock.now < deadline {
                    guard case .resume(let resume) = try worker.receive() else { continue }
                    try worker.send(.result(.init(job: dispatch.job, attempt: dispatch.attempt, outcome: .succeeded, output: .bool(true))))
                    return resume.resolution
                }
                throw EndToEndFailure("the worker was not resumed within 15 s")
            }
            #expect(resumed.action == "deploy")
            let done = try await sandbox.waitForEnd(of: dispatch.job)
            #expect(done.state == .succeeded, "\(done)")
            let history = try await sandbox.cliJSON(Deadlines.JobWithHistory.self, "status", dispatch.job, "--json").history
            #expect(history.map(\.type) == [.queued, .dispatched, .asked, .refused, .escalated, .resolved, .finished], "\(history.map(\.type))")
            let shown = try await sandbox.cli("status", dispatch.job)
            #expect(shown.stdout.contains("escalated \(question.id): now for users ana; groups leads"), "\(shown)")
        }

        @Test("A broker SIGKILLed before a question's escalation is due escalates it once after its restart, and the new audience may answer")
        func aBrokerKilledBeforeTheDelayEscalatesAfterItsRestart() async throws {
            let sandbox = try Sandbox("escalation-restart")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
            let worker = try RawWorker(sandbox.workers)
            _ = try await onThread { try worker.announce("deployer-1", [OperationAnnouncement(name: "deployRelease", summary: "Deploys", input: nil)]) }
            let submitted = try await sandbox.cli("submit", "deployRelease", "--input", "{}", "--for", "ana")
            #expect(submitted.status == 0, "\(submitted)")
            let (question, _) = try await onThread { try Self.ask(worker, after: 3, to: Audience(users: ["lee"])) }
            #expect(broker.kill()?.signalled == true)
            #expect(Date() < question.createdAt.addingTimeInterval(3), "killed before the delay")

            try await sandbox.startBroker(name: "broker-restarted", environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
            let job = question.job
            _ = try await sandbox.eventually("the question to escalate after the restart", timeout: .seconds(15), poll: .milliseconds(200)) {
                try await sandbox.pending().first { $0.id == question.id && $0.escalatedAt != nil }
            }
            let answered = try await sandbox.cli("answer", question.id, "cancel", "--as", "lee")
            #expect(answered.status == 0, "\(answered)")
            let escalations = try await sandbox.journalEvents().filter { $0.type == .presentationEscalated && $0.job?.id == job }
            #expect(escalations.count == 1, "\(escalations)")
            #expect(escalations.first?.presentation?.audience == Audience(users: ["ana", "lee"]))
            let history = try await sandbox.cliJSON(Deadlines.JobWithHistory.self, "status", job, "--json").history
            #expect(history.filter { $0.type == .escalated }.count == 1, "\(history.map(\.type))")
        }
    }
}
