import Foundation
import JSON
import Operations
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

@Suite struct RemoveDownloadTests {
    let input = RemoveDownload.Input(trackID: "t-101", title: "Blue in Green")

    @Test func theQuestionIsTheSeedsRemoveDownloadDialog() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RemoveDownload(library: library)).run(input) { _ in .answer("cancel") }
            let dialog = try #require(run.presentations.first)
            #expect(dialog.kind == .confirmationDialog)
            #expect(dialog.titleVisibility == .visible)
            #expect(dialog.title == "Remove download")
            #expect(dialog.message == "Blue in Green will no longer be available offline.")
            #expect(dialog.localization == Localization("removeDownload.confirm", ["Blue in Green"]))
            #expect(
                dialog.actions == [
                    Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("action.remove")),
                    Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
                ])
            #expect(dialog.item == .object(["trackID": .string("t-101"), "title": .string("Blue in Green")]))
        }
    }

    @Test func removeDeletesOnlyThatDownload() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RemoveDownload(library: library)).run(input) { _ in .answer("remove") }
            #expect(try run.result.get() == RemoveDownload.Output(removed: true))
            #expect(try names(in: library.appendingPathComponent("downloads")) == ["index.json", "t-102.m4a", "t-103.m4a"])
            #expect(run.stepNames == ["locate", "remove"])
        }
    }

    @Test(arguments: [ScriptedResponse.answer("cancel"), .dismiss, .expire, .withdraw])
    func anyOtherEndingKeepsTheFile(response: ScriptedResponse) async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RemoveDownload(library: library)).run(input) { _ in response }
            #expect(try run.result.get() == RemoveDownload.Output(removed: false))
            #expect(exists(library.appendingPathComponent("downloads/t-101.m4a")))
        }
    }

    @Test(arguments: ["t-999", "index", "", "t-10", "t-101.m4a"])
    func aMissingDownloadFailsWithoutAsking(trackID: String) async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RemoveDownload(library: library))
                .run(.init(trackID: trackID, title: "Gone")) { _ in .answer("remove") }
            #expect(run.jobError?.code == "downloadNotFound")
            #expect(run.presentations.isEmpty)
            #expect(exists(library.appendingPathComponent("downloads/index.json")))
        }
    }

    @Test func aReplayWithTheAnswerAndStepsRecordedAsksNothingAndDeletesNothingAgain() async throws {
        try await withDemoLibrary { library async throws in
            let operation = RemoveDownload(library: library)
            let first = await OperationHarness(operation).run(input) { _ in .answer("remove") }
            // The track is downloaded again before the job is replayed on another worker.
            let file = library.appendingPathComponent("downloads/t-101.m4a")
            try Data("again".utf8).write(to: file)

            let replay = await OperationHarness(operation, history: first.history).run(input) { _ in .answer("remove") }
            #expect(try replay.result.get() == RemoveDownload.Output(removed: true))
            #expect(replay.presentations.isEmpty)
            #expect(replay.steps.isEmpty)
            #expect(try text(file) == "again")
        }
    }
}
