import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Resolving {
    static let counting = OperationAnnouncement(
        name: "aaCount", summary: "Count", input: nil,
        catalog: Catalog([
            "es": ["aaCount.ask.title#one": "¿Archivar {0} fichero?", "aaCount.ask.title#other": "¿Archivar {0} ficheros?"]
        ]))

    @Test("interlude resolve lists a count's question in its plural form: one file, three files")
    func theListingChoosesThePluralForm() async throws {
        let sandbox = try Sandbox("resolve-plural")
        defer { sandbox.shutdown() }
        // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
        try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        let worker = try RawWorker(sandbox.workers)
        _ = try await onThread { try worker.announce("raw-1", [Self.counting], capacity: 2) }
        for count in ["1", "3"] {
            _ = try await sandbox.submit("aaCount", "{}")
            let draft = Presentation.Draft.alert(
                "Archive \(count) files?", actions: [Action(id: "cancel", label: "Cancel", role: .cancel)],
                localization: Localization("aaCount.ask", [count]))
            try await onThread {
                let dispatch = try worker.dispatch()
                try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: draft)), correlation: "p")
            }
        }
        let listed = try await sandbox.eventually("both questions listed", timeout: .seconds(15), poll: .milliseconds(200)) {
            () async throws -> String? in
            let run = try await sandbox.cli("resolve", "--locale", "es")
            return run.stdout.contains("ficher") && run.stdout.components(separatedBy: "¿Archivar").count == 3 ? run.stdout : nil
        }
        #expect(listed.contains("¿Archivar 1 fichero?") && listed.contains("¿Archivar 3 ficheros?"), "\(listed)")
    }
}

extension EndToEnd.Resolving {
    @Test("clearDownloads, a shipped operation, asks in the plural form of its count: one download and three, in English and Spanish")
    func aShippedQuestionTakesThePluralForm() async throws {
        let sandbox = try Sandbox("resolve-plural-shipped")
        defer { sandbox.shutdown() }
        try await sandbox.startBroker()
        try await sandbox.startWorker("w1")
        for input in [#"{"tracks": ["t-101"]}"#, "{}"] {
            _ = try await sandbox.question(of: try await sandbox.submit("clearDownloads", input))
        }
        for (locale, one, several) in [("en", "Remove 1 download?", "Remove 3 downloads?"), ("es", "¿Eliminar 1 descarga?", "¿Eliminar 3 descargas?")] {
            let listed = try await sandbox.cli("resolve", "--locale", locale)
            #expect(listed.stdout.contains(one) && listed.stdout.contains(several), "\(locale): \(listed)")
        }
    }
}
