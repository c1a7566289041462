import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Resolving {
    /// The raw operation's question, whose title has a Spanish text in each catalog version.
    static let askingAgain = Presentation.Draft.alert(
        "Ask?", actions: [Action(id: "cancel", label: "Cancel", role: .cancel)], localization: Localization("aaTexts.ask"))

    static func texts(_ title: String) -> OperationAnnouncement {
        OperationAnnouncement(name: "aaTexts", summary: "Texts", input: nil, catalog: Catalog(["es": ["aaTexts.ask.title": title]]))
    }

    @Test("A running resolver shows the texts of a catalog version announced after it started, without a restart")
    func aRunningResolverTakesANewCatalogVersion() async throws {
        let sandbox = try Sandbox("resolve-catalog")
        defer { sandbox.shutdown() }
        // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
        try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        let worker = try RawWorker(sandbox.workers)
        let first = try await onThread { try worker.announce("raw-1", [Self.texts("Primera versión")]) }
        #expect(first.operations == ["aaTexts"], "\(first)")
        let terminal = try await TmuxTerminal(sandbox, ["resolve", "--as", "ana", "--locale", "es"], environment: ["NO_COLOR": "1", "LANG": "C"])
        defer { terminal.close() }
        // Idle once it has asked for the operations' texts: it knows the first version now.
        try await terminal.waitFor("(q")

        let second = try await onThread { try worker.announce("raw-1", [Self.texts("Segunda versión")]) }
        #expect(second.operations == ["aaTexts"], "\(second)")
        _ = try await sandbox.submit("aaTexts", "{}")
        try await onThread {
            let dispatch = try worker.dispatch()
            try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: Self.askingAgain)), correlation: "p")
        }
        let screen = try await terminal.waitFor("versión")
        #expect(screen.contains("Segunda versión") && !screen.contains("Primera versión"), "\(screen)")
    }
}
