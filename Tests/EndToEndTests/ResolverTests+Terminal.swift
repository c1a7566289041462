import Foundation
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// `interlude resolve`: a person at a real terminal (tmux), policies, races, and no terminal at all.
    @Suite("The resolver") struct Resolving {
        /// Broker and worker processes, and the resolver in a terminal answering as `ana`.
        static func resolverInTerminal(_ label: String, _ extra: [String] = []) async throws -> (Sandbox, TmuxTerminal) {
            let sandbox = try Sandbox(label)
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
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

        @Test("A key press in the terminal answers the shown question, and an answer given elsewhere closes it")
        func keyPressAnswersAndAnswersElsewhereClose() async throws {
            let (sandbox, terminal) = try await Self.resolverInTerminal("resolve-tty")
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
