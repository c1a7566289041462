import Foundation
import JSON
import Presentation
import Schema
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Answers with text fields through the CLI and the HTTP API: exportProject's Use Another Folder.
    @Suite("Text answers") struct TextAnswers {
        @Test("interlude answer --value: a missing folder exits 1 naming the field and changes nothing; then the export goes there")
        func overTheCommandLine() async throws {
            let sandbox = try Sandbox("text-cli")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let exports = sandbox.library.appendingPathComponent("exports")
            let job = try await sandbox.submit("exportProject", #"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#)
            let question = try await sandbox.question(of: job)
            let shown = try await sandbox.cli("pending")
            #expect(shown.stdout.contains("field folder (text, required, with useAnotherFolder): \"Folder\""), "\(shown)")

            let missing = try await sandbox.cli("answer", question.id, "useAnotherFolder")
            #expect(missing.status == 1 && missing.stderr.contains("folder: is required"), "\(missing)")
            let unknown = try await sandbox.cli("answer", question.id, "useAnotherFolder", "--value", "folder=\(exports.path)", "--value", "drive=x")
            #expect(unknown.status == 1 && unknown.stderr.contains("drive: is not a field of action \"useAnotherFolder\""), "\(unknown)")
            #expect(try await sandbox.question(of: job).id == question.id, "a refused answer changes nothing")

            let answered = try await sandbox.cli("answer", question.id, "useAnotherFolder", "--value", "folder=\(exports.path)", "--json")
            #expect(answered.status == 0, "\(answered)")
            let resolution = try JSONCoding.decoder.decode(Resolution.self, from: Data(answered.stdout.utf8))
            #expect(resolution.values == ["folder": exports.path])
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
            #expect(FileManager.default.fileExists(atPath: exports.appendingPathComponent("atlas.tar.gz").path))

            let history = try await sandbox.cliJSON(Deadlines.JobWithHistory.self, "status", job, "--json").history
            #expect(history.contains { $0.type == .refused && $0.error?.code == "invalidAnswer" }, "refusals are in the timeline")
            #expect(history.first { $0.type == .resolved }?.values == ["folder": exports.path])
            let timeline = try await sandbox.cli("status", job)
            #expect(timeline.stdout.contains("→ useAnotherFolder (folder=\(exports.path))"), "\(timeline)")
        }

        @Test("Over HTTP: 422 invalidAnswer with a violation per field, then 200 with the values in the resolution")
        func overHTTP() async throws {
            let sandbox = try Sandbox("text-http")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let api = sandbox.api()
            let exports = sandbox.library.appendingPathComponent("exports")
            let job = try await sandbox.submit("exportProject", #"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#)
            let question = try await sandbox.questionOverHTTP(job)
            #expect(
                question.fields == [
                    TextFieldState(
                        id: "folder", label: "Folder", placeholder: "library/exports/…", required: true, maxLength: 500,
                        actions: ["useAnotherFolder"], localization: Localization("exportProject.folder"))
                ])

            let path = "/v1/presentations/\(question.id)/answer"
            let refused = try await api.post(path, #"{"action": "useAnotherFolder", "values": {"folder": ""}}"#)
            #expect(refused.status == 422, "\(refused)")
            let body = try refused.decode([String: JSONValue].self)
            guard case .object(let error)? = body["error"], case .array(let violations)? = error["violations"] else { throw EndToEndFailure("\(refused)") }
            #expect(error["code"] == .string("invalidAnswer"))
            #expect(violations == [.object(["path": .string("folder"), "message": .string("is required")])])
            #expect(try await api.post(path, #"{"action": "useAnotherFolder", "values": {"folder": 3}}"#).status == 422)

            let long = String(repeating: "x", count: 501)
            let tooLong = try await api.post(path, #"{"action": "useAnotherFolder", "values": {"folder": "\#(long)"}}"#)
            #expect(tooLong.status == 422 && tooLong.error?.violations?.first?.message == "has 501 characters; at most 500", "\(tooLong)")

            let answered = try await api.post(path, #"{"action": "useAnotherFolder", "values": {"folder": "\#(exports.path)"}}"#)
            #expect(answered.status == 200, "\(answered)")
            #expect(try answered.decode(Resolution.self).values == ["folder": exports.path])
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
        }
    }
}
