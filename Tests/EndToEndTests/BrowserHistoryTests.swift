import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Browser {
    @Test("On load the focus is on the first question: the arrow keys and Enter work without a Tab")
    func keyboardFromLoad() async throws {
        let sandbox = try Sandbox("browser-keyboard")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let first = try await sandbox.question(of: try await sandbox.submit("removeDownload", blueInGreen))
        let second = try await sandbox.question(of: try await sandbox.submit("removeDownload", soWhat))

        let run = try await BrowserTools.run(["keyboard", "--first", first.id, "--second", second.id], script: "page_history.py", in: sandbox)
        #expect(run.passed, "\(run)")
    }

    @Test(
        "The job history: rows headed by the operation's name with its summary below, names in the filter, Show more past the newest 20, and an opened job names the actions by their labels, shows its result and dates; a deadline past today says tomorrow"
    )
    func jobHistory() async throws {
        let sandbox = try Sandbox("browser-history")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let exports = sandbox.library.appendingPathComponent("exports")
        let export = try await sandbox.submit("exportProject", #"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#)
        let question = try await sandbox.question(of: export)
        let api = sandbox.api()
        let refused = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "useAnotherFolder"}"#)
        #expect(refused.status == 422, "no folder: \(refused)")
        let answered = try await api.post(
            "/v1/presentations/\(question.id)/answer", #"{"action": "useAnotherFolder", "values": {"folder": "\#(exports.path)"}}"#)
        #expect(answered.status == 200, "\(answered)")
        let done = try await sandbox.waitForEnd(of: export)
        #expect(done.state == .succeeded, "\(done)")
        let waiting = try await sandbox.submit("removeDownload", blueInGreen)
        let remove = try await sandbox.question(of: waiting)
        var newest: [String] = []
        for _ in 0..<21 { newest.append(try await api.post("/v1/operations", #"{"operation": "noop"}"#).decode(Job.self).id) }
        for job in newest { try await sandbox.waitForEnd(of: job) }

        let run = try await BrowserTools.run(
            ["history", "--export", export, "--question", remove.id, "--newest", newest.last ?? ""], script: "page_history.py", in: sandbox)
        #expect(run.passed, "\(run)")
    }

    @Test("A Spanish page reads the shipped operations' summaries in Spanish")
    func spanishSummaries() async throws {
        let sandbox = try Sandbox("browser-spanish")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let job = try await sandbox.submit("removeDownload", blueInGreen)
        _ = try await sandbox.question(of: job)

        let run = try await BrowserTools.run(["spanish", "--job", job], script: "page_history.py", in: sandbox)
        #expect(run.passed, "\(run)")
    }
}
