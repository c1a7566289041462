import Archive
import Confinement
import Foundation
import Operations
import Testing
import WorkerKitTesting

/// Restores of one library take turns: one submitted while another swaps data in must not touch its work.
@Suite struct RestoreOverlapTests {
    /// The number of files in the large backup: enough that extracting it takes a while.
    static let files = 1_000

    /// Writes `backups/large.tar.gz`, a `data/` folder of `files` small files.
    func makeLargeBackup(in library: URL) throws {
        let source = library.deletingLastPathComponent().appendingPathComponent("large-source", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for index in 0..<Self.files {
            try Data("file \(index)\n".utf8).write(to: source.appendingPathComponent("f\(index).txt"))
        }
        _ = try TarGz.create(from: source, rootName: "data", to: library.appendingPathComponent("backups/large.tar.gz"))
        try FileManager.default.removeItem(at: source)
    }

    /// Waits (at most 60 s) until the library holds a folder whose name starts with `prefix`.
    func waitForLeftover(_ prefix: String, in library: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try !names(in: library).contains(where: { $0.hasPrefix(prefix) }) {
            guard ContinuousClock.now < deadline else { throw LeftoverNotSeen(prefix: prefix, names: try names(in: library)) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    struct LeftoverNotSeen: Error { let prefix: String, names: [String] }

    @Test func aRestoreSubmittedWhileAnotherSwapsLeavesItsDataWhole() async throws {
        try await withDemoLibrary { library async throws in
            try makeLargeBackup(in: library)
            let first = Task { await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "large.tar.gz")) { _ in .answer("restore") } }
            try await waitForLeftover(".staging-", in: library)
            // The second one only asks (its recovery runs before the question); nobody confirms it.
            let second = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: DemoLibrary.backupName)) { _ in .dismiss }
            #expect(second.output == RestoreBackup.Output(restored: false))
            let output = try await first.value.result.get()
            #expect(output.restored && output.entries == Self.files + 1)
            let data = try snapshot(of: library.appendingPathComponent("data"))
            #expect(data.count == Self.files)
            #expect(data["f\(Self.files - 1).txt"] == "file \(Self.files - 1)\n")
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test func twoConfirmedRestoresTakeTurnsAndTheLastOneWins() async throws {
        try await withDemoLibrary { library async throws in
            try makeLargeBackup(in: library)
            let large = Task { await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "large.tar.gz")) { _ in .answer("restore") } }
            try await waitForLeftover(".staging-", in: library)
            let demo = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: DemoLibrary.backupName)) { _ in .answer("restore") }
            #expect(try demo.result.get().restored)
            #expect(try await large.value.result.get().restored)
            // The demo restore waited for the large one's swap, so its data is what `data/` holds.
            #expect(try snapshot(of: library.appendingPathComponent("data"))["library.json"] == "{\"playlists\": [\"Morning\", \"Evening\"]}\n")
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test func whileTheLibraryIsLockedTheQuestionsRecoveryLeavesLeftoversAlone() async throws {
        try await withDemoLibrary { library async throws in
            let staging = library.appendingPathComponent(".staging-running")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            let running = try Folder.root(library)
            #expect(try running.lock(waiting: false))
            let asked = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: DemoLibrary.backupName)) { _ in .dismiss }
            #expect(asked.output?.restored == false)
            #expect(exists(staging), "the running restore's staging survived the other's question")
            running.unlock()
            _ = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: DemoLibrary.backupName)) { _ in .dismiss }
            #expect(!exists(staging), "with nobody restoring, the leftover is recovered")
        }
    }
}
