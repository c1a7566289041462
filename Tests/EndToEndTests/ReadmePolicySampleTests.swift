import Foundation
import Testing

extension EndToEnd.ReadmeWalkthroughs {
    @Test("The README's policy sample: `resolve --once --policy` prints the README's lines, and says why on standard error")
    func policySample() async throws {
        let sandbox = try Sandbox("readme-policy")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let samples = try Self.samples(after: "**By policy.**")
        let sample = try #require(samples.first)
        #expect(sample.command.first == "resolve" && sample.command.contains("--once"), "\(samples)")
        // The README runs it from the repository's folder, where config/policy.example.json is.
        let command = sample.command.map { $0.hasPrefix("config/") ? RepositoryFolder.root.appendingPathComponent($0).path : $0 }
        let removal = try await sandbox.submit("removeDownload", blueInGreen)
        _ = try await sandbox.question(of: removal)
        let reset = try await sandbox.submit("resetPreferences", "{}")
        _ = try await sandbox.question(of: reset)

        let run = try await sandbox.cli(command, timeout: .seconds(30))
        #expect(run.status == 0, "\(run)")
        let (printed, why) = (
            sample.output.filter { !$0.hasPrefix("…") && !$0.hasPrefix("interlude resolve:") },
            sample.output.filter { $0.hasPrefix("interlude resolve:") }
        )
        #expect(printed.count == 2 && why.count == 2, "\(sample.output)")
        #expect(Self.maskedLines(run.stdout) == printed.map(Self.masked), "README.md's sample of \(command)")
        let logged = Self.maskedLines(run.stderr)
        #expect(why.map(Self.masked).allSatisfy(logged.contains), "README.md's reasons are on standard error: \(run.stderr)")
    }
}
