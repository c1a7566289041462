import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd.ReadmeWalkthroughs {
    /// Submit deployRelease for ana and bob, ana approves (1 of 2), pending shows it, bob approves: each command
    /// prints what the README shows under it, ana again is refused, and the release is recorded.
    func deployARelease(in sandbox: Sandbox, round: Int) async throws {
        let heading = "### Walkthrough: two people deploy a release"
        let samples = try Self.samples(after: heading)
        #expect(samples.map { $0.command.first ?? "" } == ["submit", "answer", "pending", "answer"], "\(samples)")
        #expect(samples.count == 4 && samples.allSatisfy { !$0.output.isEmpty }, "every command shows its output: \(samples)")
        guard samples.count == 4 else { return }
        func run(_ index: Int, _ words: [String]) async throws -> Sandbox.CLIResult {
            let result = try await sandbox.cli(words, environment: Self.sampleEnvironment)
            #expect(result.status == 0, "round \(round): \(result)")
            #expect(Self.maskedLines(result.stdout) == samples[index].output.map(Self.masked), "round \(round): README.md's sample of \(words)")
            return result
        }
        let submitted = try await run(0, samples[0].command)
        let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let question = try await sandbox.question(of: job)
        let named = { (words: [String]) in words.map { $0.hasPrefix("prs_") ? question.id : $0 } }
        _ = try await run(1, named(samples[1].command))
        let again = try await sandbox.cli(named(samples[1].command), environment: Self.sampleEnvironment)
        #expect(again.status == 3 && again.stderr.contains("ana already approved deploy"), "round \(round): \(again)")
        _ = try await run(2, samples[2].command)
        _ = try await run(3, named(samples[3].command))
        let done = try await sandbox.waitForEnd(of: job)
        #expect(done.result == .object(["deployed": .bool(true)]), "round \(round): \(done)")
        let live = try JSONCoding.decoder.decode(JSONValue.self, from: Data(contentsOf: sandbox.library.appendingPathComponent("release.json")))
        #expect(live == .object(["release": .string("2.4.1")]), "round \(round)")
    }
}
