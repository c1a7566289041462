import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd.Resolving {
    @Test(
        "Under Deploy, which needs two people, the terminal says how many approved and who: from the snapshot at start, and again when someone approves elsewhere while it is shown",
        arguments: Transport.allCases)
    func approvalsOnScreen(over transport: Transport) async throws {
        let sandbox = try Sandbox("resolve-approvals", transport: transport)
        defer { sandbox.shutdown() }
        try await sandbox.startBroker()
        try await sandbox.startWorker("w1")
        try await sandbox.startTransport()
        // Named at submit, as on a laptop without keys: the CLI over ZeroMQ has no groups.
        func submit(_ release: String) async throws -> String {
            let submitted = try await sandbox.cli("submit", "deployRelease", "--input", #"{"release": "\#(release)"}"#, "--for", "ana,bob,carol")
            guard submitted.status == 0 else { throw EndToEndFailure("submit failed: \(submitted)") }
            return submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        // bob approves before the resolver starts: the pending snapshot says so.
        let first = try await submit("2.4.1")
        let question = try await sandbox.question(of: first)
        let approved = try await sandbox.cli("answer", question.id, "deploy", "--as", "bob")
        #expect(approved.status == 0, "\(approved)")
        let terminal = try await TmuxTerminal(sandbox, ["resolve", "--as", "ana"], environment: ["NO_COLOR": "1", "LANG": "C"])
        defer { terminal.close() }
        var screen = try await terminal.waitFor("needs 2 approvals, 1 so far: bob")
        #expect(screen.contains("[1] [D]eploy\n      needs 2 approvals, 1 so far: bob"), "\(screen)")
        try await terminal.press("d")
        try await terminal.waitFor("answered by ana (cli) with Deploy")
        #expect(try await sandbox.waitForEnd(of: first).result == .object(["deployed": .bool(true)]))

        // Shown with none yet, approved by carol elsewhere: the dialog is drawn again with her.
        let second = try await submit("2.4.2")
        try await terminal.waitFor("needs 2 approvals, none so far")
        let next = try await sandbox.question(of: second)
        let elsewhere = try await sandbox.cli("answer", next.id, "deploy", "--as", "carol")
        #expect(elsewhere.status == 0, "\(elsewhere)")
        screen = try await terminal.waitFor("needs 2 approvals, 1 so far: carol")
        #expect(screen.hasSuffix("Choose [1-2, D, C, Esc]:"), "the prompt is last again: \(screen)")
        try await terminal.press("q")
        try await terminal.waitFor("[exited 0]")
        #expect(try await sandbox.status(second).state == .waiting, "quitting answers nothing")
    }
}
