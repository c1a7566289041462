import Foundation
import Operations
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

@Suite struct ClearDownloadsTests {
    @Test(arguments: [(["t-101"], "Remove 1 download?", "¿Eliminar 1 descarga?"), (nil, "Remove 3 downloads?", "¿Eliminar 3 descargas?")])
    func theQuestionCountsTheDownloadsInThePluralFormOfTheCount(tracks: [String]?, english: String, spanish: String) async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(ClearDownloads(library: library)).run(.init(tracks: tracks)) { _ in .answer("cancel") }
            let dialog = try #require(run.presentations.first)
            #expect(dialog.kind == .confirmationDialog)
            #expect(dialog.title == english)
            #expect(dialog.actions.map(\.role) == [.destructive, .cancel])
            #expect(ClearDownloads.catalog.title(of: dialog, locale: "en") == english)
            #expect(ClearDownloads.catalog.title(of: dialog, locale: "es_ES.UTF-8") == spanish)
            #expect(try run.result.get() == ClearDownloads.Output(removed: 0))
            #expect(try names(in: library.appendingPathComponent("downloads")).count == 4, "cancel keeps every file")
        }
    }

    @Test func removeDeletesTheListedDownloadsOnceAndKeepsTheIndex() async throws {
        try await withDemoLibrary { library async throws in
            let operation = ClearDownloads(library: library)
            let run = await OperationHarness(operation).run(.init(tracks: ["t-101", "t-103"])) { _ in .answer("removeAll") }
            #expect(try run.result.get() == ClearDownloads.Output(removed: 2))
            #expect(try names(in: library.appendingPathComponent("downloads")) == ["index.json", "t-102.m4a"])
            #expect(run.stepNames == ["list", "remove"])
            let replay = await OperationHarness(operation, history: run.history).run(.init(tracks: ["t-101", "t-103"]))
            #expect(try replay.result.get() == ClearDownloads.Output(removed: 2))
            #expect(replay.presentations.isEmpty && replay.steps.isEmpty)
        }
    }

    @Test func aMissingTrackFailsWithoutAskingAndNoDownloadsAsksNothing() async throws {
        try await withDemoLibrary { library async throws in
            let missing = await OperationHarness(ClearDownloads(library: library)).run(.init(tracks: ["t-999"])) { _ in .answer("removeAll") }
            #expect(missing.jobError?.code == "downloadNotFound")
            #expect(missing.presentations.isEmpty)
            let none = await OperationHarness(ClearDownloads(library: library)).run(.init(tracks: [])) { _ in .answer("removeAll") }
            #expect(try none.result.get() == ClearDownloads.Output(removed: 0))
            #expect(none.presentations.isEmpty)
        }
    }
}
