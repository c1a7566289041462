import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// The README's walkthroughs as written, on the real demo library: the commands come from README.md
    /// itself, and the whole sequence runs twice in a row (`interlude demo --reset` in between, as the
    /// README says), so the walkthroughs work in any order and again.
    @Suite("The README's walkthroughs") struct ReadmeWalkthroughs {
        static let readme: String = {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        }()

        /// The `interlude …` command lines of the first ```sh block after `heading`, comments dropped.
        static func commands(after heading: String) throws -> [[String]] {
            guard let start = readme.range(of: heading)?.upperBound,
                let open = readme.range(of: "```sh\n", range: start..<readme.endIndex),
                let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex)
            else { throw EndToEndFailure("README.md has no sh block after \(heading)") }
            return try readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("interlude ") }.map(words)
        }

        /// A shell line's words: single quotes group, `#` outside quotes starts a comment.
        static func words(_ line: String) throws -> [String] {
            var words: [String] = []
            var word = ""
            var quoted = false
            var started = false
            for character in line {
                if quoted {
                    if character == "'" { quoted = false } else { word.append(character) }
                } else if character == "'" {
                    quoted = true
                    started = true
                } else if character == "#" {
                    break
                } else if character == " " {
                    if started { words.append(word) }
                    (word, started) = ("", false)
                } else {
                    word.append(character)
                    started = true
                }
            }
            guard !quoted else { throw EndToEndFailure("unbalanced quote in README line: \(line)") }
            if started { words.append(word) }
            return Array(words.dropFirst())
        }

        /// The user and the worker the README's samples name.
        static let sampleEnvironment = ["USER": "ana", "INTERLUDE_WORKER_NAME": "laptop-4242"]

        @Test("Both walkthroughs as the README writes them, twice in a row on the demo library, each printing the README's sample output")
        func twiceInARow() async throws {
            let sandbox = try Sandbox("readme", demoLibrary: false)
            defer { sandbox.shutdown() }
            let created = try await sandbox.cli("demo")
            #expect(created.status == 0, "\(created)")
            try await sandbox.startUp(environment: Self.sampleEnvironment)
            let first = try Self.commands(after: "### Walkthrough: remove a download")
            let second = try Self.commands(after: "In a third one, restore the demo library")
            #expect(first.map { $0.first ?? "" } == ["submit", "pending", "answer", "status"], "\(first)")
            #expect(second.first == ["demo", "--reset"] && second.dropFirst().allSatisfy { $0.first == "submit" } && second.count == 6, "\(second)")
            #expect(Self.readme.contains("To do the\nwalkthroughs again, `interlude demo --reset` restores the demo library"))
            for round in 1...2 {
                if round > 1 {
                    let reset = try await sandbox.cli("demo", "--reset")
                    #expect(reset.status == 0, "\(reset)")
                }
                try await removeADownload(first, in: sandbox, round: round)
                try await answerInTheResolver(second, in: sandbox, round: round)
                try await deployARelease(in: sandbox, round: round)
            }
        }

        /// Submit, pending, answer (with the id the submit printed), status: the download is gone, and
        /// each command printed what the README shows under it, ids and times masked.
        func removeADownload(_ commands: [[String]], in sandbox: Sandbox, round: Int) async throws {
            let samples = try Self.samples(after: "### Walkthrough: remove a download")
            #expect(samples.map(\.command) == commands && samples.allSatisfy { !$0.output.isEmpty }, "every command shows its output: \(samples)")
            func run(_ index: Int, _ words: [String]) async throws -> Sandbox.CLIResult {
                let result = try await sandbox.cli(words, environment: Self.sampleEnvironment)
                #expect(result.status == 0, "round \(round): \(result)")
                #expect(Self.maskedLines(result.stdout) == samples[index].output.map(Self.masked), "round \(round): README.md's sample of \(words)")
                return result
            }
            let submitted = try await run(0, commands[0])
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)
            let pending = try await run(1, commands[1])
            #expect(pending.stdout.contains("Remove download") && pending.stdout.contains(question.id), "round \(round): \(pending)")
            let answered = try await run(2, commands[2].map { $0.hasPrefix("prs_") ? question.id : $0 })
            #expect(answered.stdout.contains("with remove"), "round \(round): \(answered)")
            #expect(try await sandbox.waitForEnd(of: job).result == .object(["removed": .bool(true)]), "round \(round)")
            let status = try await run(3, commands[3].map { $0.hasPrefix("job_") ? job : $0 })
            #expect(status.stdout.contains("succeeded") && status.stdout.contains(#"result: {"removed":true}"#), "round \(round): \(status)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.library.appendingPathComponent("downloads/t-101.m4a").path))
        }

        /// demo --reset, then the five submits answered in a real terminal with the README's keys.
        func answerInTheResolver(_ commands: [[String]], in sandbox: Sandbox, round: Int) async throws {
            let terminal = try await TmuxTerminal(sandbox, ["resolve", "--as", "ana"], environment: ["NO_COLOR": "1", "LANG": "C"])
            defer { terminal.close() }
            let idle = try Self.samples(after: "In a second one, from the same folder:")
            #expect(idle.map(\.command) == [["resolve", "--as", "ana"]] && idle.first?.output.count == 1, "\(idle)")
            try await terminal.waitFor(idle.first?.output.first ?? "waiting for new ones")
            let dialog = try Self.block(after: "counts down there too")
            let reset = try await sandbox.cli(commands[0])
            #expect(reset.status == 0, "round \(round): \(reset)")
            var jobs: [String] = []
            for submit in commands.dropFirst() {
                let submitted = try await sandbox.cli(submit)
                #expect(submitted.status == 0, "round \(round): \(submitted)")
                jobs.append(submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            // The README: R removes, Esc gives up the export, R restores, R resets, M moves Lisbon. The
            // questions come in the order they were asked, which the workers decide: each dialog is
            // recognised by what only it shows.
            var remaining = [
                ("[R]emove", "r", "with Remove"), ("Can't reach the destination", "Escape", "with Cancel"),
                ("[R]estore Backup", "r", "with Restore Backup"), ("[R]eset", "r", "with Reset"),
                ("Stop already planned", "m", "with Move to day 3"),
            ]
            while !remaining.isEmpty {
                let screen = try await sandbox.eventually("one of the README's dialogs", timeout: .seconds(20)) { () async throws -> String? in
                    let shown = try await terminal.screen().components(separatedBy: "answered by ana (cli)").last ?? ""
                    return remaining.contains { shown.contains($0.0) && shown.contains("Choose [") } ? shown : nil
                }
                let index = remaining.firstIndex { screen.contains($0.0) }!
                let (_, key, answered) = remaining.remove(at: index)
                try await terminal.press(key)
                let shown = try await terminal.waitFor("answered by ana (cli) \(answered)")
                if answered == "with Remove" {
                    #expect(Self.shows(shown, inOrder: dialog), "round \(round): README.md's dialog \(dialog) is not on the screen:\n\(shown)")
                }
            }
            for job in jobs {
                #expect(try await sandbox.waitForEnd(of: job).state == .succeeded, "round \(round): \(job)")
            }
            let itinerary = String(decoding: try Data(contentsOf: sandbox.library.appendingPathComponent("itinerary.json")), as: UTF8.self)
            #expect(itinerary.contains("Lisbon"), "round \(round): \(itinerary)")
        }
    }
}
