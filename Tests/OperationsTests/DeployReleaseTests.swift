import Foundation
import JSON
import Operations
import Presentation
import Testing
import WorkerKitTesting

@Suite struct DeployReleaseTests {
    @Test func theQuestionAsksTwoPeopleOfOpsToApproveDeploy() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(DeployRelease(library: library)).run(.init(release: "2.4.1")) { _ in .dismiss }
            let dialog = try #require(run.presentations.first)
            #expect(dialog.kind == .confirmationDialog)
            #expect(dialog.title == "Deploy release")
            #expect(dialog.message == "Release 2.4.1 goes live once two people of ops approve.")
            #expect(dialog.audience == Audience(groups: ["ops"]))
            #expect(dialog.expiresAt == dialog.createdAt.addingTimeInterval(DeployRelease.answerWithin))
            #expect(
                dialog.actions == [
                    Action(id: "deploy", label: "Deploy", localization: Localization("action.deploy"), approvals: 2),
                    Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
                ])
        }
    }

    @Test func deployRecordsTheReleaseOnceApproved() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(DeployRelease(library: library)).run(.init(release: "2.4.1")) { _ in .answer("deploy") }
            #expect(try run.result.get() == DeployRelease.Output(deployed: true))
            #expect(try json(library.appendingPathComponent("release.json")) == .object(["release": .string("2.4.1")]))
        }
    }

    @Test(arguments: [ScriptedResponse.answer("cancel"), .dismiss, .expire, .withdraw])
    func anyOtherEndingDeploysNothing(response: ScriptedResponse) async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(DeployRelease(library: library)).run(.init(release: "2.4.1")) { _ in response }
            #expect(try run.result.get() == DeployRelease.Output(deployed: false))
            #expect(!FileManager.default.fileExists(atPath: library.appendingPathComponent("release.json").path))
        }
    }

    @Test func aReleaseNameThatIsNotOneIsRefused() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(DeployRelease(library: library)).run(.init(release: "../x")) { _ in .answer("deploy") }
            #expect(throws: (any Error).self) { try run.result.get() }
            #expect(run.presentations.isEmpty)
        }
    }
}
