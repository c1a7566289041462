import Foundation
import Presentation
import Testing

extension EndToEnd {
    /// Completion of what only the running system knows: operation names, job ids, question ids.
    @Suite("Completion from the broker") struct CompletionWords {
        /// Runs `program arguments…` with the sandbox's settings and the binary's folder first on PATH; its output.
        static func run(_ program: String, _ arguments: [String], in sandbox: Sandbox) async throws -> String {
            let folder = sandbox.binary.deletingLastPathComponent().path
            let handle = try ProcessHandle(
                name: "completion", executable: URL(fileURLWithPath: program), arguments: arguments,
                environment: sandbox.environment(["PATH": "\(folder):/usr/bin:/bin", "HOME": sandbox.root.path, "TERM": "dumb"]),
                directory: sandbox.root, logs: sandbox.logs)
            guard let ended = await handle.exit(within: .seconds(20)) else {
                handle.kill()
                throw EndToEndFailure("\(program) did not end within 20 s")
            }
            guard ended.status == 0, !ended.signalled else { throw EndToEndFailure("\(program) \(arguments) failed (\(ended)): \(handle.stderr)") }
            return handle.stdout
        }

        @Test("bash and fish complete operation names after submit, job ids after status, question ids after answer, commands after help")
        func namesAndIds() async throws {
            let sandbox = try Sandbox("cli-complete-ids")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)

            let script = sandbox.root.appendingPathComponent("complete.bash")
            try (try await sandbox.cli("completion", "bash")).stdout.write(to: script, atomically: true, encoding: .utf8)
            func bash(_ words: [String]) async throws -> [String] {
                let quoted = words.map { "'\($0)'" }.joined(separator: " ")
                let line = "source \(script.path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _interlude; printf '%s\\n' \"${COMPREPLY[@]}\""
                return try await Self.run("/bin/bash", ["-c", line], in: sandbox).split(separator: "\n").map(String.init).sorted()
            }
            #expect(try await bash(["interlude", "submit", "re"]) == ["removeDownload", "resetPreferences", "restoreBackup"])
            #expect(try await bash(["interlude", "status", "job_"]) == [job])
            #expect(try await bash(["interlude", "answer", "prs_"]) == [question.id])
            #expect(try await bash(["interlude", "help", "sub"]) == ["submit"])
            #expect(try await bash(["interlude", "vers"]) == ["version"])
            #expect(try await bash(["interlude", "submit", "--j"]) == ["--json"], "options still complete")

            for shell in ["fish", "zsh"] where !FileManager.default.fileExists(atPath: "/usr/bin/\(shell)") {
                Issue.record("/usr/bin/\(shell) is missing: INTERLUDE_WITH_TEST_TOOLS=1 scripts/install-deps.sh")
                return
            }
            let fish = sandbox.root.appendingPathComponent("interlude.fish")
            try (try await sandbox.cli("completion", "fish")).stdout.write(to: fish, atomically: true, encoding: .utf8)
            func fishWords(_ line: String) async throws -> [String] {
                let output = try await Self.run("/usr/bin/fish", ["--no-config", "-c", "source \(fish.path); complete -C'\(line)'"], in: sandbox)
                return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
            }
            #expect(try await fishWords("interlude submit re") == ["removeDownload", "resetPreferences", "restoreBackup"])
            #expect(try await fishWords("interlude cancel job_") == [job])
            #expect(try await fishWords("interlude answer prs_") == [question.id])

            // zsh: the helper its specs call (`'1:operations:_interlude_list operations'`), with compadd shown.
            let zsh = sandbox.root.appendingPathComponent("_interlude")
            try (try await sandbox.cli("completion", "zsh")).stdout.write(to: zsh, atomically: true, encoding: .utf8)
            let listed = try await Self.run(
                "/usr/bin/zsh", ["-f", "-c", "source \(zsh.path); compadd() { print -rl -- ${(P)2} }; _interlude_program=interlude; _interlude_list jobs"],
                in: sandbox)
            #expect(listed.split(separator: "\n").map(String.init) == [job], "\(listed)")
        }
    }
}
