import Foundation
import JSON
import Operations
import Presentation
import Testing
import WorkerKitTesting

@Suite struct ResetPreferencesTests {
    @Test func theQuestionIsTheSeedsConfirmOperationAlert() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(ResetPreferences(library: library)).run(.init()) { _ in .dismiss }
            let alert = try #require(run.presentations.first)
            #expect(alert.kind == .alert)
            #expect(alert.title == "Confirm operation")
            #expect(alert.message == "All settings will return to their defaults.")
            #expect(alert.localization == Localization("resetPreferences.confirm"))
            #expect(
                alert.actions == [
                    Action(id: "reset", label: "Reset", role: .destructive, localization: Localization("action.reset")),
                    Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
                ])
        }
    }

    @Test func resetWritesTheDefaults() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(ResetPreferences(library: library)).run(.init()) { _ in .answer("reset") }
            #expect(try run.result.get() == ResetPreferences.Output(reset: true))
            #expect(
                try json(library.appendingPathComponent("preferences.json"))
                    == .object([
                        "theme": .string("system"), "notifications": .bool(true), "downloadQuality": .string("high"),
                    ]))
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty, "no temporary file is left")
        }
    }

    @Test(arguments: [ScriptedResponse.answer("cancel"), .dismiss, .expire, .withdraw])
    func anyOtherEndingKeepsTheSettings(response: ScriptedResponse) async throws {
        try await withDemoLibrary { library async throws in
            let file = library.appendingPathComponent("preferences.json")
            let before = try text(file)
            let run = await OperationHarness(ResetPreferences(library: library)).run(.init()) { _ in response }
            #expect(try run.result.get() == ResetPreferences.Output(reset: false))
            #expect(try text(file) == before)
        }
    }
}
