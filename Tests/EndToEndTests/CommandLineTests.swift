import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// The command line a person meets first: the version, typos, completion, the demo library, the
    /// banner and the log, each through the real binary.
    @Suite("The command line") struct CLI {
        @Test("--version names the release, the protocol and libzmq")
        func version() async throws {
            let sandbox = try Sandbox("cli-version", demoLibrary: false)
            defer { sandbox.shutdown() }
            let run = try await sandbox.cli("--version")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("interlude 0."), "\(run)")
            #expect(run.stdout.contains("protocol interlude/1, libzmq 4."), "\(run)")
        }

        @Test("A mistyped command or option gets a suggestion and exit 2")
        func didYouMean() async throws {
            let sandbox = try Sandbox("cli-typo", demoLibrary: false)
            defer { sandbox.shutdown() }
            let command = try await sandbox.cli("sumbit", "removeDownload")
            #expect(command.status == 2, "\(command)")
            #expect(command.stderr.contains("unknown command \"sumbit\"; did you mean `submit`?"), "\(command)")
            let option = try await sandbox.cli("jobs", "--jsno")
            #expect(option.status == 2, "\(option)")
            #expect(option.stderr.contains("unknown option --jsno; did you mean --json?"), "\(option)")
            let far = try await sandbox.cli("frobnicate")
            #expect(far.status == 2 && !far.stderr.contains("did you mean"), "\(far)")
        }

        @Test("bash completes commands, options and option values from `interlude completion bash`")
        func bashCompletion() async throws {
            let sandbox = try Sandbox("cli-bash", demoLibrary: false)
            defer { sandbox.shutdown() }
            let script = sandbox.root.appendingPathComponent("complete.bash")
            let run = try await sandbox.cli("completion", "bash")
            #expect(run.status == 0, "\(run)")
            try run.stdout.write(to: script, atomically: true, encoding: .utf8)
            func complete(_ words: [String]) async throws -> [String] {
                let line =
                    "source \(script.path); COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _interlude; printf '%s\\n' \"${COMPREPLY[@]}\""
                let shell = try await Shell.run("/bin/bash", ["-c", line], in: sandbox)
                return shell.split(separator: "\n").map(String.init).sorted()
            }
            #expect(try await complete(["interlude", "sub"]) == ["submit"])
            #expect(try await complete(["interlude", "status", "--j"]) == ["--json"])
            #expect(try await complete(["interlude", "jobs", "--state", "wa"]) == ["waiting"])
            #expect(try await complete(["interlude", "resolve", "--q"]) == ["--quiet"])
            #expect(try await complete(["interlude", "completion", "z"]) == ["zsh"])
            #expect(try await complete(["interlude", "up", "--log-format", ""]) == ["json", "text"])
        }

        @Test("fish completes from `interlude completion fish`, and zsh loads `interlude completion zsh` as the completion of interlude")
        func fishAndZshCompletion() async throws {
            let sandbox = try Sandbox("cli-shells", demoLibrary: false)
            defer { sandbox.shutdown() }
            for shell in ["fish", "zsh"] where !FileManager.default.fileExists(atPath: "/usr/bin/\(shell)") {
                Issue.record("/usr/bin/\(shell) is missing: INTERLUDE_WITH_TEST_TOOLS=1 scripts/install-deps.sh")
                return
            }
            let fish = sandbox.root.appendingPathComponent("interlude.fish")
            try (try await sandbox.cli("completion", "fish")).stdout.write(to: fish, atomically: true, encoding: .utf8)
            let commands = try await Shell.run("/usr/bin/fish", ["--no-config", "-c", "source \(fish.path); complete -C'interlude sub'"], in: sandbox)
            #expect(commands.hasPrefix("submit\t"), "\(commands)")
            let states = try await Shell.run("/usr/bin/fish", ["--no-config", "-c", "source \(fish.path); complete -C'interlude jobs --state '"], in: sandbox)
            #expect(
                states.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
                    == ["cancelled", "failed", "queued", "running", "succeeded", "waiting"], "\(states)")

            let zsh = sandbox.root.appendingPathComponent("_interlude")
            try (try await sandbox.cli("completion", "zsh")).stdout.write(to: zsh, atomically: true, encoding: .utf8)
            let loaded = try await Shell.run(
                "/usr/bin/zsh",
                ["-f", "-c", "autoload -Uz compinit && compinit -u -d \(sandbox.root.path)/zcompdump && source \(zsh.path) && print -r -- $_comps[interlude]"],
                in: sandbox)
            #expect(loaded.trimmingCharacters(in: .whitespacesAndNewlines) == "_interlude", "\(loaded)")
            let unknown = try await sandbox.cli("completion", "tcsh")
            #expect(unknown.status == 2 && unknown.stderr.contains("give bash, zsh or fish"), "\(unknown)")
        }

        @Test("`interlude demo --reset` brings back what the walkthroughs used up, and refuses a folder that is not a demo library")
        func demoReset() async throws {
            let sandbox = try Sandbox("cli-demo", demoLibrary: false)
            defer { sandbox.shutdown() }
            let created = try await sandbox.cli("demo")
            #expect(created.status == 0 && created.stdout.contains("created a demo library"), "\(created)")
            let track = sandbox.library.appendingPathComponent("downloads/t-101.m4a")
            let itinerary = sandbox.library.appendingPathComponent("itinerary.json")
            try FileManager.default.removeItem(at: track)
            try Data(#"{"days":{"1":["Porto"],"3":["Lisbon"]}}"#.utf8).write(to: itinerary)
            try Data("x".utf8).write(to: sandbox.library.appendingPathComponent("exports/atlas.tar.gz"))

            let reset = try await sandbox.cli("demo", "--reset")
            #expect(reset.status == 0 && reset.stdout.contains("restored the demo library"), "\(reset)")
            #expect(FileManager.default.fileExists(atPath: track.path))
            #expect(String(decoding: try Data(contentsOf: itinerary), as: UTF8.self).contains("Lisbon"))
            #expect(!String(decoding: try Data(contentsOf: itinerary), as: UTF8.self).contains("\"3\""))
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.library.appendingPathComponent("exports").path).isEmpty)

            let mine = sandbox.library.appendingPathComponent("my-notes.txt")
            try Data("keep me".utf8).write(to: mine)
            let refused = try await sandbox.cli("demo", "--reset")
            #expect(refused.status == 1 && refused.stderr.contains("is not a demo library (it holds my-notes.txt)"), "\(refused)")
            #expect(FileManager.default.fileExists(atPath: mine.path) && FileManager.default.fileExists(atPath: track.path))
        }

        @Test("`up` suggests the binary by its full path when `interlude` is not on PATH, and logs questions and answers as JSON lines")
        func bannerAndJSONLog() async throws {
            let sandbox = try Sandbox("cli-up")
            defer { sandbox.shutdown() }
            let (up, _) = try await sandbox.startUp(environment: [
                "PATH": "/usr/bin:/bin", "INTERLUDE_LOG_LEVEL": "info", "INTERLUDE_LOG_FORMAT": "json",
            ])
            // As the README names a build's binary: `.build/debug/interlude`, not the link's target under `.build/<triple>/debug`.
            let real = sandbox.binary.resolvingSymlinksInPath()
            let short = real.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(real.deletingLastPathComponent().lastPathComponent).appendingPathComponent(real.lastPathComponent)
            let expected = short.resolvingSymlinksInPath().path == real.path && short.path.hasSuffix(".build/debug/interlude") ? short.path : real.path
            #expect(up.stdout.contains("Try: \(expected) submit removeDownload"), "\(up.stdout)")

            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            #expect(try await sandbox.cli("answer", question.id, "cancel", "--as", "ana").status == 0)
            let refused = try await sandbox.cli("answer", question.id, "remove", "--as", "bob")
            #expect(refused.status == 3, "\(refused)")
            _ = try await sandbox.waitForEnd(of: job)

            let lines = try await sandbox.eventually("the refusal in the log") { () -> [[String: String]]? in
                let parsed = up.stderr.split(separator: "\n").compactMap { line in
                    try? JSONDecoder().decode([String: String].self, from: Data(line.utf8))
                }
                return parsed.contains { $0["message"]?.hasPrefix("refused an answer") == true } ? parsed : nil
            }
            #expect(up.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, "every line is JSON:\n\(up.stderr)")
            let about = lines.filter { $0["presentation"] == question.id }
            #expect(about.allSatisfy { $0["job"] == job && $0["operation"] == "removeDownload" && $0["level"] == "info" }, "\(about)")
            let messages = about.compactMap { $0["message"] }
            #expect(messages.contains { $0.contains("asked by \(job) (removeDownload): Remove download") }, "\(messages)")
            #expect(messages.contains { $0.contains("answered by ana (cli) with cancel") }, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("refused an answer to \(question.id) by bob (cli)") }, "\(messages)")
        }

        @Test("A submit reports every missing or invalid input field at once", arguments: Transport.allCases)
        func everyInputProblemAtOnce(over transport: Transport) async throws {
            let sandbox = try Sandbox("cli-input", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let run = try await sandbox.cli("submit", "addStop", "--input", #"{"day": "three"}"#)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("place"), "the missing field is named: \(run)")
            #expect(run.stderr.contains("day"), "the invalid field is named: \(run)")
        }

        @Test("A submit's input travels as typed: the worker decodes it and `status --json` shows the same bytes", arguments: Transport.allCases)
        func theInputAsTyped(over transport: Transport) async throws {
            let sandbox = try Sandbox("cli-input-bytes", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            // Spaces, an escaped é, number spellings and key order no writer here produces.
            let input = #"{ "place" : "Caf\u00e9 Central", "day":3.0e0 }"#
            let id = try await sandbox.submit("addStop", input)
            let ended = try await sandbox.waitForEnd(of: id)
            #expect(ended.state == .succeeded, "\(ended)")
            let result = try ended.result?.value
            #expect(result?["place"] == .string("Café Central") && result?["day"] == .integer(3), "the worker decoded it: \(ended)")
            let shown = try await sandbox.cli("status", id, "--json")
            #expect(shown.stdout.contains(#""input":"# + input + ","), "\(shown)")
            let bad = try await sandbox.cli("submit", "addStop", "--input", #"{"place": "x", "day": 1} 2"#)
            #expect(bad.status != 0 && bad.stderr.contains("--input is not valid JSON"), "trailing text is refused: \(bad)")
        }
    }
}

/// Runs a shell (or any program) to its end and returns its standard output.
enum Shell {
    static func run(_ program: String, _ arguments: [String], in sandbox: Sandbox) async throws -> String {
        let handle = try ProcessHandle(
            name: "shell", executable: URL(fileURLWithPath: program), arguments: arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.root.path, "TERM": "dumb"], directory: sandbox.root, logs: sandbox.logs)
        guard let ended = await handle.exit(within: .seconds(20)) else {
            handle.kill()
            throw EndToEndFailure("\(program) did not end within 20 s")
        }
        guard ended.status == 0, !ended.signalled else { throw EndToEndFailure("\(program) \(arguments) failed (\(ended)): \(handle.stderr)") }
        return handle.stdout
    }
}
