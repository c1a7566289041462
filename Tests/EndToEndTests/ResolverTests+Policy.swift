import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd.Resolving {
    /// The example policy shipped in `config/`, so the README's file is the one tested.
    static let examplePolicy = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/policy.example.json").path

    /// The `--json` lines a resolver printed.
    static func reports(_ stdout: String) throws -> [JSONValue] {
        try stdout.split(separator: "\n").map { try JSONCoding.decoder.decode(JSONValue.self, from: Data($0.utf8)) }
    }

    @Test("--once --policy answers each shipped operation's question as the example policy says, and logs why")
    func oncePolicyAnswersEveryOperation() async throws {
        let sandbox = try Sandbox("resolve-policy", demoLibrary: false)
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let missing = sandbox.library.appendingPathComponent("exports/unplugged-drive").path
        let submissions: [(operation: String, input: String, action: String, result: RawJSON)] = [
            ("removeDownload", blueInGreen, "cancel", .object(["removed": .bool(false)])),
            (
                "exportProject", #"{"project":"atlas","destination":"\#(missing)"}"#, "cancel",
                .object(["archive": .null, "bytes": .integer(0), "exported": .bool(false)])
            ),
            ("restoreBackup", #"{"backup":"demo.tar.gz"}"#, "cancel", .object(["restored": .bool(false)])),
            ("resetPreferences", "{}", "reset", .object(["reset": .bool(true)])),
            ("addStop", #"{"place":"Lisbon","day":3}"#, "keep", .object(["place": .string("Lisbon"), "day": .integer(2), "changed": .bool(false)])),
        ]
        var jobs: [String] = []
        for submission in submissions {
            let job = try await sandbox.submit(submission.operation, submission.input)
            _ = try await sandbox.question(of: job)
            jobs.append(job)
        }

        let run = try await sandbox.cli("resolve", "--once", "--policy", Self.examplePolicy, "--as", "policy-bot", "--json", timeout: .seconds(30))
        #expect(run.status == 0, "\(run)")
        let reports = try Self.reports(run.stdout)
        #expect(reports.filter { $0["event"]?.stringValue == "presented" }.count == 5, "\(run)")
        let answered = reports.filter { $0["event"]?.stringValue == "answered" }.compactMap { $0["resolution"] }
        for (index, submission) in submissions.enumerated() {
            let resolution = try #require(answered.first { $0["job"]?.stringValue == jobs[index] }, "no answer for \(submission.operation): \(run)")
            #expect(resolution["action"]?.stringValue == submission.action, "\(submission.operation): \(resolution)")
            #expect(resolution["by"]?.stringValue == "policy-bot")
            #expect(resolution["channel"]?.stringValue == "cli")
            let done = try await sandbox.waitForEnd(of: jobs[index])
            #expect(done.state == .succeeded, "\(submission.operation): \(done)")
            #expect(done.result == submission.result, "\(submission.operation): \(String(describing: done.result))")
        }
        #expect(run.stderr.contains("rules[0] (operation=resetPreferences): action reset → reset"), "\(run.stderr)")
        #expect(run.stderr.contains("rules[1] (role=destructive): role cancel → cancel"), "\(run.stderr)")
        #expect(run.stderr.contains("default: role cancel → keep"), "\(run.stderr)")
        #expect(try await sandbox.pending().isEmpty)
    }

    @Test("Two policy resolvers answer the same question at once: exactly one wins, the other names the winner")
    func twoResolversRace() async throws {
        let sandbox = try Sandbox("resolve-race")
        defer { sandbox.shutdown() }
        try await sandbox.startBroker()
        try await sandbox.startWorker("w1")
        let policy = sandbox.root.appendingPathComponent("remove.json")
        try Data(#"{"rules": [{"match": {"operation": "removeDownload"}, "answer": {"action": "remove"}}]}"#.utf8).write(to: policy)
        let resolvers = try ["r1", "r2"].map { name in
            try sandbox.start(name, ["resolve", "--policy", policy.path, "--as", name, "--json"])
        }
        for resolver in resolvers {
            _ = try await sandbox.eventually("\(resolver.name) to follow events") { () throws -> Bool? in
                if let ended = resolver.termination { throw EndToEndFailure("\(resolver.name) exited (\(ended)):\n\(resolver.tail())") }
                return resolver.stderr.contains("following events after sequence") ? true : nil
            }
        }

        let job = try await sandbox.submit("removeDownload", blueInGreen)
        let done = try await sandbox.waitForEnd(of: job)
        #expect(done.result == .object(["removed": .bool(true)]))
        let question = try #require(try await sandbox.journalEvents().first { $0.type == .presentationPending && $0.job?.id == job }?.presentation)
        let winner = try await Self.resolution(of: question.id, in: sandbox)
        let (winnerName, loserName) = winner.by == "r1" ? ("r1", "r2") : ("r2", "r1")
        #expect(winner.by == winnerName && winner.channel == "cli" && winner.action == "remove")

        // Each reports its outcome as soon as the broker's reply or event reaches it.
        func outcome(of name: String) async throws -> JSONValue {
            let resolver = try #require(resolvers.first { $0.name == name })
            return try await sandbox.eventually("\(name) to report on \(question.id)") {
                try Self.reports(resolver.stdout).first { ["answered", "refused", "closed"].contains($0["event"]?.stringValue) }
            }
        }
        let won = try await outcome(of: winnerName)
        #expect(won["event"]?.stringValue == "answered", "\(won)")
        #expect(won["resolution"]?["by"]?.stringValue == winnerName)
        let lost = try await outcome(of: loserName)
        let named = lost["error"]?["resolution"] ?? lost["resolution"]
        #expect(["refused", "closed"].contains(lost["event"]?.stringValue), "\(lost)")
        #expect(named?["by"]?.stringValue == winnerName, "the loser names the winner: \(lost)")
        if lost["event"]?.stringValue == "refused" { #expect(lost["error"]?["code"]?.stringValue == "alreadyResolved") }

        for resolver in resolvers {
            resolver.terminate()
            #expect(await resolver.exit(within: .seconds(5)) == .init(status: 0, signalled: false), "\(resolver.tail())")
        }
    }

    @Test("Without a terminal and without a policy, it lists what is pending and exits 2 with a clear message")
    func noTerminalNoPolicy() async throws {
        let sandbox = try Sandbox("resolve-notty")
        defer { sandbox.shutdown() }
        try await sandbox.startBroker()
        try await sandbox.startWorker("w1")
        let job = try await sandbox.submit("removeDownload", blueInGreen)
        let question = try await sandbox.question(of: job)

        let listed = try await sandbox.cli("resolve")
        #expect(listed.status == 2, "\(listed)")
        #expect(listed.stderr.contains("stdin is not a terminal; use --policy FILE or run in a terminal"), "\(listed)")
        #expect(listed.stdout.contains("Remove download"), "\(listed)")
        #expect(listed.stdout.contains("interlude answer \(question.id) <remove|cancel>"), "\(listed)")

        let json = try await sandbox.cli("resolve", "--json")
        #expect(json.status == 2, "\(json)")
        let reports = try Self.reports(json.stdout)
        #expect(reports.count == 1 && reports.first?["presentation"]?["id"]?.stringValue == question.id, "\(json)")
        #expect(try await sandbox.status(job).state == .waiting, "nothing was answered")
    }
}
