import Foundation
import JSON
import Testing

extension EndToEnd {
    /// What a person sees when a command line goes wrong: one line and where the help is, the help they
    /// asked for, errors as JSON with `--json`, and a second `up` that leaves the folder as it was.
    @Suite("The command line's errors") struct CommandLineErrors {
        @Test(
            "A usage error prints its one line and where the command's help is, not the help",
            arguments: [
                (["sumbit", "removeDownload"], "unknown command \"sumbit\"; did you mean `submit`?", "see `interlude help`"),
                (["submit", "removeDownload", "--wiat"], "unknown option --wiat; did you mean --wait?", "see `interlude help submit`"),
                (["submit", "removeDownload", "--input", "{"], "--input is not valid JSON", "see `interlude help submit`"),
            ])
        func oneLineAndAHint(words: [String], problem: String, hint: String) async throws {
            let sandbox = try Sandbox("cli-usage", demoLibrary: false)
            defer { sandbox.shutdown() }
            let run = try await sandbox.cli(words)
            #expect(run.status == 2, "\(run)")
            #expect(run.stdout.isEmpty, "\(run)")
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(run)")
            #expect(lines.first?.hasPrefix("interlude: ") == true && lines.first?.contains(problem) == true, "\(run)")
            #expect(lines.last == hint, "\(run)")
        }

        @Test("`interlude help submit` prints submit's help; `version`, `--version` and `-v` print the version")
        func helpAndVersion() async throws {
            let sandbox = try Sandbox("cli-help", demoLibrary: false)
            defer { sandbox.shutdown() }
            let help = try await sandbox.cli("help", "submit")
            #expect(help.status == 0 && help.stdout.hasPrefix("Usage: interlude submit <operation>"), "\(help)")
            let overview = try await sandbox.cli("help")
            #expect(overview.status == 0 && overview.stdout.contains("Commands:"), "\(overview)")
            let unknown = try await sandbox.cli("help", "sumbit")
            #expect(unknown.status == 2 && unknown.stderr.contains("no command \"sumbit\"; did you mean submit?"), "\(unknown)")
            let versions = try await [sandbox.cli("version"), sandbox.cli("--version"), sandbox.cli("-v")]
            #expect(versions.allSatisfy { $0.status == 0 && $0.stdout.hasPrefix("interlude 0.") && $0.stdout == versions[0].stdout }, "\(versions)")
        }

        @Test("With --json a failure is one line {\"error\": {\"code\", \"message\"}} on standard output, whatever the command")
        func errorsAsJSON() async throws {
            let sandbox = try Sandbox("cli-json-errors", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            for (words, code, status) in [
                (["submit", "nosuchop", "--json"], "unknownOperation", Int32(1)),
                (["status", "job_nope", "--json"], "notFound", 1),
                (["submit", "removeDownload", "--wiat", "--json"], "usage", 2),
            ] {
                let run = try await sandbox.cli(words)
                #expect(run.status == status, "\(words): \(run)")
                #expect(run.stderr.isEmpty && run.stdout.split(separator: "\n").count == 1, "\(words): \(run)")
                let line = try JSONCoding.decoder.decode([String: [String: String]].self, from: Data(run.stdout.utf8))
                #expect(line["error"]?["code"] == code && line["error"]?["message"]?.isEmpty == false, "\(words): \(run)")
            }
        }

        @Test("A second `up` in another folder while one runs creates nothing there and names the settings to change")
        func secondUp() async throws {
            let sandbox = try Sandbox("cli-second-up")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let other = sandbox.root.appendingPathComponent("other", isDirectory: true)
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let (data, library) = (other.appendingPathComponent("data"), other.appendingPathComponent("library"))
            let second = try await sandbox.cli(["up"], environment: ["INTERLUDE_DATA": data.path, "INTERLUDE_LIBRARY": library.path])
            #expect(second.status == 1, "\(second)")
            #expect(second.stderr.contains("\(sandbox.clients.dropFirst("tcp://".count)) (clients)"), "\(second)")
            #expect(second.stderr.contains("\(sandbox.http) (http)") && second.stderr.contains("its page is http://\(sandbox.http)/"), "\(second)")
            for name in ["INTERLUDE_CLIENTS", "INTERLUDE_WORKERS", "INTERLUDE_EVENTS", "INTERLUDE_HTTP"] {
                #expect(second.stderr.contains(name), "\(name): \(second)")
            }
            #expect(second.stderr.contains("nothing was created here"), "\(second)")
            #expect(!FileManager.default.fileExists(atPath: library.path) && !FileManager.default.fileExists(atPath: data.path))
            #expect(try await sandbox.cli("status").status == 0, "the first one still runs")
        }
    }
}
