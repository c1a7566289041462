import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// docs/deployment.md's "Answering from a laptop" as written: the CLI over the gateway with a token file.
    @Suite("Answering from a laptop") struct AnsweringFromALaptop {
        static let guide: String = {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return (try? String(contentsOf: root.appendingPathComponent("docs/deployment.md"), encoding: .utf8)) ?? ""
        }()

        /// The lines of the first ```sh block after "## Answering from a laptop" that follows the ssh forward.
        static func lines() throws -> [String] {
            guard let start = guide.range(of: "The CLI on the laptop answers over the same gateway")?.upperBound,
                let open = guide.range(of: "```sh\n", range: start..<guide.endIndex),
                let close = guide.range(of: "```", range: open.upperBound..<guide.endIndex)
            else { throw EndToEndFailure("docs/deployment.md has no sh block for the CLI over the gateway") }
            return guide[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
        }

        @Test(
            "The deployment guide's commands, as written, against a local broker, worker and gateway with tokens: pending, answer, status and the resolver in a terminal"
        )
        func walkthrough() async throws {
            let lines = try Self.lines()
            #expect(lines.first?.hasPrefix("install -m 600 /dev/null ~/.interlude-token") == true, "\(lines)")
            #expect(lines.dropFirst().first == "export INTERLUDE_GATEWAY=http://127.0.0.1:8080", "\(lines)")
            let commands = try lines.filter { $0.hasPrefix("interlude ") }.map(ReadmeWalkthroughs.words)
            #expect(commands.map { $0.first ?? "" } == ["pending", "answer", "status", "resolve"], "\(commands)")

            let sandbox = try Sandbox("laptop")
            defer { sandbox.shutdown() }
            let token = "tok-ana-0123456789abcdef"
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": "ana:\(token):submit+answer+read"])
            // The guide's file, in the sandbox instead of the home folder; the gateway's own address instead of the forward's.
            let tokenFile = sandbox.root.appendingPathComponent(".interlude-token")
            try Data("\(token)\n".utf8).write(to: tokenFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
            let laptop = ["INTERLUDE_GATEWAY": sandbox.gatewayURL, "INTERLUDE_CLIENTS": "tcp://127.0.0.1:1"]
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            func written(_ words: [String]) -> [String] {
                words.map { $0 == "~/.interlude-token" ? tokenFile.path : $0 == "<presentation>" ? question.id : $0 == "<job>" ? job : $0 }
            }

            let pending = try await sandbox.cli(written(commands[0]), environment: laptop)
            #expect(pending.status == 0 && pending.stdout.contains(question.id), "\(pending)")
            let answered = try await sandbox.cli(written(commands[1]), environment: laptop)
            #expect(answered.status == 0 && answered.stdout.contains("\(question.id): answered by ana"), "\(answered)")
            try await sandbox.waitForEnd(of: job)
            let status = try await sandbox.cli(written(commands[2]), environment: laptop)
            #expect(status.status == 0 && status.stdout.contains("succeeded"), "\(status)")
            let again = try await sandbox.cli(written(commands[1]), environment: laptop)
            #expect(again.status == 3 && again.stderr.contains("answered by ana"), "someone answered first: exit 3: \(again)")

            let terminal = try await TmuxTerminal(sandbox, written(commands[3]), environment: laptop.merging(["NO_COLOR": "1", "LANG": "C"]) { _, new in new })
            defer { terminal.close() }
            try await terminal.cancelsALiveRemoval(in: sandbox)
        }
    }
}

extension TmuxTerminal {
    /// With this terminal's resolver idle and signed in as ana: a download removal submitted now arrives
    /// live, is cancelled with `c`, ends unremoved, and `q` quits with status 0.
    func cancelsALiveRemoval(in sandbox: Sandbox) async throws {
        try await waitFor("No pending questions; waiting for new ones (q to quit).")
        let second = try await sandbox.submit("removeDownload", soWhat)
        try await waitFor("So What will no longer be available offline.")
        try await press("c")
        try await waitFor("answered by ana (cli) with Cancel")
        #expect(try await sandbox.waitForEnd(of: second).result == .object(["removed": .bool(false)]))
        try await press("q")
        try await waitFor("[exited 0]")
    }
}
