import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Resolving {
    @Test(
        "A value too long, too short or refused by its pattern is refused in the terminal in Spanish under --locale es, with the field's own message for the pattern"
    )
    func patternRefusalInThePersonsLanguage() async throws {
        let sandbox = try Sandbox("resolve-pattern")
        defer { sandbox.shutdown() }
        // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
        try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        let worker = try RawWorker(sandbox.workers)
        let catalog = Catalog([
            "en": ["patterned.code": "Code", "patterned.code.pattern": "three digits, such as 042"],
            "es": ["patterned.code": "Código", "patterned.code.pattern": "tres cifras, como 042"],
        ])
        _ = try await onThread {
            try worker.announce("patterned-1", [OperationAnnouncement(name: "patterned", summary: "Asks for a code", input: nil, catalog: catalog)])
        }
        let terminal = try await TmuxTerminal(
            sandbox, ["resolve", "--as", "ana", "--locale", "es"], environment: ["NO_COLOR": "1", "LANG": "C", "INTERLUDE_HEARTBEAT_MS": "10000"])
        defer { terminal.close() }
        let job = try await sandbox.submit("patterned", "{}")
        try await onThread {
            let dispatch = try worker.dispatch()
            var draft = Presentation.Draft.alert("Code", actions: [Action(id: "send", label: "Send"), Action(id: "cancel", label: "Cancel", role: .cancel)])
            draft.fields = [
                TextFieldState(
                    id: "code", label: "Code", required: true, minLength: 2, maxLength: 10, pattern: "[0-9]{3}", localization: Localization("patterned.code"))
            ]
            try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: draft)), correlation: "p1")
        }
        try await terminal.waitFor("[1] [S]end")
        try await terminal.press("1")
        try await terminal.waitFor("  Código:")
        try await terminal.press("-l", "12345678901")
        try await terminal.press("Enter")
        let long = try await terminal.waitFor("Código: es demasiado largo: como mucho 10 caracteres")
        #expect(!long.contains("characters; at most"), "\(long)")
        try await terminal.press("-l", "1")
        try await terminal.press("Enter")
        try await terminal.waitFor("Código: es demasiado corto: al menos 2 caracteres")
        try await terminal.press("-l", "12a")
        try await terminal.press("Enter")
        let refused = try await terminal.waitFor("Código: tres cifras, como 042")
        #expect(!refused.contains("[0-9]") && !refused.contains("does not match"), "\(refused)")
        try await terminal.press("-l", "042")
        try await terminal.press("Enter")
        try await terminal.waitFor("respondida por ana (cli) con Send")
        let history = try await sandbox.cliJSON(EndToEnd.Deadlines.JobWithHistory.self, "status", job, "--json").history
        #expect(!history.contains { $0.type == .refused }, "no refused value reached the broker: \(history)")
        #expect(history.first { $0.type == .resolved }?.values == ["code": "042"])
    }

    @Test("Try Again keeps the person's place: the question the job asks again is shown next, before those that waited behind it")
    func tryAgainKeepsThePlace() async throws {
        let (sandbox, terminal) = try await Self.resolverInTerminal("resolve-place")
        defer {
            terminal.close()
            sandbox.shutdown()
        }
        let exports = sandbox.library.appendingPathComponent("exports")
        let export = try await sandbox.submit("exportProject", #"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#)
        try await terminal.waitFor("Can't reach the destination")
        let removal = try await sandbox.submit("removeDownload", blueInGreen)
        try await terminal.waitFor("1 more waiting")
        try await terminal.press("t")
        try await terminal.waitFor("answered by ana (cli) with Try Again")
        let next = try await sandbox.eventually("the next dialog", timeout: .seconds(20)) { () async throws -> String? in
            let shown = try await terminal.screen().components(separatedBy: "answered by ana (cli) with Try Again").last ?? ""
            return shown.contains("Choose [") ? shown : nil
        }
        #expect(next.contains("Can't reach the destination") && !next.contains("Remove download"), "\(next)")
        #expect(next.contains("1 more waiting"), "\(next)")
        try await terminal.press("Escape")
        try await terminal.waitFor("Blue in Green will no longer be available offline.")
        #expect(try await sandbox.waitForEnd(of: export).state == .succeeded)
        try await terminal.press("c")
        #expect(try await sandbox.waitForEnd(of: removal).result == .object(["removed": .bool(false)]))
    }
}
