import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Browser {
    @Test(
        "A question for ana escalating to the page's caller: the open page lists it For ana only, then For you when the escalation arrives, answers it, and the job's timeline says Escalated: now for ana, anonymous"
    )
    func escalationInThePage() async throws {
        let sandbox = try Sandbox("browser-escalation")
        defer { sandbox.shutdown() }
        // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
        try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        try await sandbox.startGateway()
        let worker = try RawWorker(sandbox.workers)
        _ = try await onThread { try worker.announce("deployer-1", [OperationAnnouncement(name: "deployRelease", summary: "Deploys", input: nil)]) }
        let submitted = try await sandbox.api().post("/v1/operations", #"{"operation": "deployRelease", "input": {}, "audience": {"users": ["ana"]}}"#)
        #expect(submitted.status == 202, "\(submitted)")
        // Long enough for the page to load before it escalates.
        let (question, dispatch) = try await onThread { try EndToEnd.Escalations.ask(worker, after: 15, to: Audience(users: ["anonymous"])) }

        let browser = try BrowserTools.start(["--presentation", question.id, "--job", dispatch.job], script: "page_escalation.py", in: sandbox)
        defer { browser.kill() }
        let run = try await BrowserTools.finish(browser, in: sandbox)
        #expect(run.passed, "\(run)")
        guard run.passed else { return }
        let resumed = try await onThread { () throws -> Resolution in
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline {
                guard case .resume(let resume) = try worker.receive(timeout: .seconds(15)) else { continue }
                try worker.send(.result(.init(job: dispatch.job, attempt: dispatch.attempt, outcome: .succeeded, output: .bool(true))))
                return resume.resolution
            }
            throw EndToEndFailure("the worker was not resumed within 15 s")
        }
        #expect(resumed.action == "deploy" && resumed.by == "anonymous", "\(resumed)")
        #expect(try await sandbox.waitForEnd(of: dispatch.job).state == .succeeded)
    }
}
