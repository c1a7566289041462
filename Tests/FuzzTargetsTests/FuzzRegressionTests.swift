import Foundation
import FuzzTargets
import Testing

/// Every input a fuzz run turned up (`Regressions/<target>/`), and every seed of the fuzzers'
/// corpora (`Fuzz/Corpus/<target>/`), runs through its target without trapping.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let corpus = root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyFoundInputAndSeedRunsWithoutTrapping(_ target: FuzzTarget) async throws {
        let found = Self.inputs(Self.root.appendingPathComponent("Regressions/\(target.rawValue)"))
        let seeds = Self.inputs(Self.corpus.appendingPathComponent(target.rawValue))
        #expect(!seeds.isEmpty, "each target has seeds")
        let inputs = try (found + seeds).map { try Data(contentsOf: $0) }
        // On a thread of its own, as under the fuzzer: a target may wait for async work (the HTTP path
        // does), which must not hold one of the few cooperative threads.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for input in inputs { target.run(input) }
                done.resume()
            }.start()
        }
    }
}
