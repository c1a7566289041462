import Foundation
import SQLite
import Testing

extension EndToEnd.StorageFaults {
    /// Stops `broker` with SIGTERM and waits for it, so the journal it leaves is whole (its WAL checkpointed).
    static func stop(_ broker: ProcessHandle) async throws {
        broker.terminate()
        guard await broker.exit(within: .seconds(10)) != nil else { throw EndToEndFailure("the broker did not stop") }
    }

    /// Starts a broker that must refuse its journal: exit 1 within a bounded wait, never "is up"; returns what it printed.
    static func refusedBroker(_ sandbox: Sandbox, executable: URL? = nil, arguments: [String] = ["broker"]) async throws -> String {
        let refused = try sandbox.start("refused", arguments, executable: executable)
        let ended = await refused.exit(within: .seconds(20))
        #expect(ended?.status == 1, "\(String(describing: ended)): \(refused.tail())")
        #expect(!refused.stdout.contains("is up"), "\(refused.tail())")
        return refused.stderr
    }

    @Test("A journal a newer Interlude wrote is refused at start: exit 1, one line naming both versions, the file untouched, never up")
    func aJournalOfANewerInterludeIsRefused() async throws {
        let sandbox = try Sandbox("storage-newer")
        defer { sandbox.shutdown() }
        try await Self.stop(try await sandbox.startBroker())
        let path = sandbox.data.appendingPathComponent("journal.sqlite").path
        let known = try Database(path: path).userVersion
        try Database(path: path).execute("INSERT INTO schema_migrations (version) VALUES (\(known + 1)); PRAGMA user_version = \(known + 1)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let stderr = try await Self.refusedBroker(sandbox)
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(stderr)")
        #expect(stderr.hasPrefix("interlude: the journal \(path) has schema version \(known + 1)"), "\(stderr)")
        #expect(stderr.contains("it knows up to \(known)"), "\(stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing written")
    }

    @Test(
        "A journal on a read-only mount is refused at start as read-only (never \"not a SQLite database\"), never up",
        .enabled(if: TmpfsMount.available, "needs root to mount a tmpfs and remount it read-only"))
    func aJournalOnAReadOnlyMountIsRefused() async throws {
        let sandbox = try Sandbox("storage-read-only-mount")
        let disk = try TmpfsMount(at: sandbox.data, bytes: 16 << 20)
        defer {
            sandbox.shutdown()
            disk.unmount()
        }
        try await Self.stop(try await sandbox.startBroker())
        try disk.remountReadOnly()
        let path = sandbox.data.appendingPathComponent("journal.sqlite").path
        let stderr = try await Self.refusedBroker(sandbox)
        #expect(stderr.contains("the journal \(path) is read-only"), "\(stderr)")
        #expect(stderr.contains("Read-only file system"), "\(stderr)")
        #expect(!stderr.contains("not a SQLite database") && !stderr.contains("--init"), "\(stderr)")
    }

    @Test(
        "A journal file mode 0444, the broker not root: refused at start as read-only, never up",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root to run the broker as nobody"))
    func aReadOnlyJournalFileIsRefused() async throws {
        let sandbox = try Sandbox("storage-read-only-file")
        defer { sandbox.shutdown() }
        try await Self.stop(try await sandbox.startBroker())
        let path = sandbox.data.appendingPathComponent("journal.sqlite").path
        // Root writes whatever the mode says: the broker runs as nobody, who owns the folder but may only read the file.
        try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: sandbox.data.path)
        try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534, .posixPermissions: 0o444], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let stderr = try await Self.refusedBroker(
            sandbox, executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
            arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", sandbox.binary.path, "broker"])
        #expect(stderr.contains("the journal \(path) is read-only: the file cannot be written (Permission denied)"), "\(stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
