import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// `interlude resolve`: a person at a real terminal (tmux), policies, races, and no terminal at all.
    @Suite("The resolver") struct Resolving {
        /// Broker and worker processes, and the resolver in a terminal answering as `ana`.
        static func resolverInTerminal(_ label: String, _ extra: [String] = [], over transport: Transport = .zeroMQ) async throws -> (Sandbox, TmuxTerminal) {
            let sandbox = try Sandbox(label, transport: transport)
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startTransport()
            let terminal = try await TmuxTerminal(sandbox, ["resolve", "--as", "ana"] + extra, environment: ["NO_COLOR": "1", "LANG": "C"])
            return (sandbox, terminal)
        }

        /// The journaled resolution of `presentation`.
        static func resolution(of presentation: String, in sandbox: Sandbox) async throws -> Resolution {
            let resolved = try await sandbox.journalEvents().compactMap(\.resolution).filter { $0.presentation == presentation }
            guard resolved.count == 1, let resolution = resolved.first else {
                throw EndToEndFailure("expected one resolution of \(presentation), found \(resolved)")
            }
            return resolution
        }

        @Test("A key press in the terminal answers the shown question, and an answer given elsewhere closes it", arguments: Transport.allCases)
        func keyPressAnswersAndAnswersElsewhereClose(over transport: Transport) async throws {
            let (sandbox, terminal) = try await Self.resolverInTerminal("resolve-tty", over: transport)
            defer {
                terminal.close()
                sandbox.shutdown()
            }
            try await terminal.waitFor("No pending questions; waiting for new ones (q to quit).")

            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let dialog = try await terminal.waitFor("Remove download")
            #expect(dialog.contains("removeDownload · "), "\(dialog)")
            #expect(dialog.contains("Blue in Green will no longer be available offline."), "\(dialog)")
            #expect(dialog.contains("[1] [R]emove (⚠ destructive)"), "\(dialog)")
            #expect(dialog.contains("[2] [C]ancel (Esc)"), "\(dialog)")
            #expect(dialog.contains("Choose [1-2, R, C, Esc]:"), "\(dialog)")

            try await terminal.press("r")
            try await terminal.waitFor("answered by ana (cli) with Remove")
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(true)]))
            let question = try #require(try await sandbox.journalEvents().first { $0.type == .presentationPending && $0.job?.id == job }?.presentation)
            let resolution = try await Self.resolution(of: question.id, in: sandbox)
            #expect(resolution.cause == .answered)
            #expect(resolution.by == "ana")
            #expect(resolution.channel == "cli")
            #expect(resolution.action == "remove")

            // Shown here, answered with the CLI: the terminal closes it and says by whom.
            let second = try await sandbox.submit("removeDownload", soWhat)
            try await terminal.waitFor("So What will no longer be available offline.")
            let pending = try await sandbox.question(of: second)
            let elsewhere = try await sandbox.cli("answer", pending.id, "cancel", "--as", "bob")
            #expect(elsewhere.status == 0, "\(elsewhere)")
            try await terminal.waitFor("answered by bob (cli) with Cancel")
            #expect(try await sandbox.waitForEnd(of: second).result == .object(["removed": .bool(false)]))

            try await terminal.press("q")
            let final = try await terminal.waitFor("[exited 0]")
            #expect(!final.contains("Someone else answered first"), "\(final)")
        }

        @Test(
            "A text field in the terminal: the chosen action asks for the folder on a line, its placeholder shown as an example; an empty one is refused here, without asking the broker; a typed one answers"
        )
        func textFieldInTheTerminal() async throws {
            let (sandbox, terminal) = try await Self.resolverInTerminal("resolve-field")
            defer {
                terminal.close()
                sandbox.shutdown()
            }
            let exports = sandbox.library.appendingPathComponent("exports")
            let job = try await sandbox.submit("exportProject", #"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#)
            let dialog = try await terminal.waitFor("Can't reach the destination")
            #expect(dialog.contains("[U]se Another Folder"), "\(dialog)")
            try await terminal.press("u")
            try await terminal.waitFor("Folder (e.g. library/exports/…):")
            try await terminal.press("Enter")
            try await terminal.waitFor("Folder: is required")
            // The same field is asked again at once: what is typed now goes into it.
            try await terminal.press("-l", "oops")
            try await terminal.waitFor("Folder (e.g. library/exports/…): oops")
            try await terminal.press("BSpace", "BSpace", "BSpace", "BSpace")
            try await terminal.press("-l", exports.path)
            try await terminal.press("Enter")
            try await terminal.waitFor("answered by ana (cli) with Use Another Folder")
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded, "\(done)")
            let question = try #require(try await sandbox.journalEvents().first { $0.type == .presentationPending && $0.job?.id == job }?.presentation)
            #expect(try await Self.resolution(of: question.id, in: sandbox).values == ["folder": exports.path], "Backspace took oops back")
            let history = try await sandbox.cliJSON(Deadlines.JobWithHistory.self, "status", job, "--json").history
            #expect(!history.contains { $0.type == .refused }, "the empty folder never reached the broker: \(history)")
        }

        @Test("In Spanish, Escape chooses the cancel action, and a withdrawn question closes as retirada")
        func spanishEscapeAndWithdrawal() async throws {
            let (sandbox, terminal) = try await Self.resolverInTerminal("resolve-es", ["--locale", "es"])
            defer {
                terminal.close()
                sandbox.shutdown()
            }
            let first = try await sandbox.submit("removeDownload", blueInGreen)
            let dialog = try await terminal.waitFor("Eliminar descarga")
            #expect(dialog.contains("[2] [C]ancelar (Esc)"), "\(dialog)")
            try await terminal.press("Escape")
            try await terminal.waitFor("respondida por ana (cli) con Cancelar")
            #expect(try await sandbox.waitForEnd(of: first).result == .object(["removed": .bool(false)]))

            let second = try await sandbox.submit("removeDownload", soWhat)
            try await terminal.waitFor("So What dejará de estar disponible sin conexión.")
            let cancelled = try await sandbox.cli("cancel", second)
            #expect(cancelled.status == 0, "\(cancelled)")
            try await terminal.waitFor("retirada")

            try await terminal.press("C-c")
            try await terminal.waitFor("[exited 0]")
        }
    }
}

extension EndToEnd.Resolving {
    /// A resolver in a terminal whose raw output (escape codes and bells) is copied to the returned
    /// file, shown idle.
    static func recordedResolver(_ label: String, _ extra: [String] = []) async throws -> (Sandbox, TmuxTerminal, URL) {
        let (sandbox, terminal) = try await resolverInTerminal(label, extra)
        let raw = sandbox.root.appendingPathComponent("terminal.raw")
        try await terminal.record(to: raw)
        try await terminal.waitFor("No pending questions; waiting for new ones (q to quit).")
        return (sandbox, terminal, raw)
    }

    @Test("The waiting count under a shown dialog stays live, and the bell rings for each new question (not with --quiet)")
    func liveCountAndBell() async throws {
        let (sandbox, terminal, raw) = try await Self.recordedResolver("resolve-live")
        defer {
            terminal.close()
            sandbox.shutdown()
        }
        let first = try await sandbox.submit("removeDownload", blueInGreen)
        try await terminal.waitFor("Blue in Green will no longer be available offline.")
        #expect(!(try await terminal.screen()).contains("more waiting"))

        _ = try await sandbox.submit("resetPreferences", "{}")
        var screen = try await terminal.waitFor("1 more waiting")
        _ = try await sandbox.submit("removeDownload", soWhat)
        screen = try await terminal.waitFor("2 more waiting")
        #expect(screen.contains("Blue in Green will no longer be available offline."), "the dialog stays: \(screen)")
        #expect(screen.hasSuffix("Choose [1-2, R, C, Esc]:"), "the prompt is still last: \(screen)")
        #expect(!screen.contains("1 more waiting"), "the line is redrawn in place: \(screen)")
        let bells = try await sandbox.eventually("three bells") { () -> Int? in
            let count = ((try? Data(contentsOf: raw)) ?? Data()).filter { $0 == 0x07 }.count
            return count >= 3 ? count : nil
        }
        #expect(bells == 3, "one bell per new question")

        // Answered elsewhere, a waiting one leaves: the count goes down while the dialog stays.
        let reset = try #require(try await sandbox.pending().first { $0.job != first && $0.title == "Confirm operation" })
        #expect(try await sandbox.cli("answer", reset.id, "cancel", "--as", "bob").status == 0)
        screen = try await terminal.waitFor("1 more waiting")
        #expect(screen.contains("Blue in Green will no longer be available offline."), "\(screen)")
        try await terminal.press("q")
        try await terminal.waitFor("[exited 0]")
    }

    @Test("With --quiet no bell rings")
    func quietResolver() async throws {
        let (sandbox, terminal, raw) = try await Self.recordedResolver("resolve-quiet", ["--quiet"])
        defer {
            terminal.close()
            sandbox.shutdown()
        }
        _ = try await sandbox.submit("removeDownload", blueInGreen)
        try await terminal.waitFor("Blue in Green will no longer be available offline.")
        _ = try await sandbox.submit("resetPreferences", "{}")
        try await terminal.waitFor("1 more waiting")
        #expect(((try? Data(contentsOf: raw)) ?? Data()).filter { $0 == 0x07 }.isEmpty)
        try await terminal.press("q")
        try await terminal.waitFor("[exited 0]")
    }
}
