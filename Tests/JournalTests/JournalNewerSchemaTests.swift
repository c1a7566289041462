import Foundation
import JSON
import PostgreSQL
import SQLite
import TestSupport
import Testing
import Wire

@testable import Journal

/// A journal a newer Interlude wrote is refused before anything is written to it, naming its version and
/// the newest this build knows, as on PostgreSQL (`JournalPostgresMigrationTests`).
@Suite struct JournalNewerSchemaTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-newer-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent(Journal.fileName).path }
    static let newest = Schema.migrations.map(\.version).max() ?? 0

    /// What a newer Interlude leaves: its next migration recorded both ways, or either one alone.
    static let newer = [
        "INSERT INTO schema_migrations (version) VALUES (\(newest + 1)); PRAGMA user_version = \(newest + 1)",
        "PRAGMA user_version = \(newest + 1)",
        "INSERT INTO schema_migrations (version) VALUES (\(newest + 1))",
    ]

    @Test(arguments: newer)
    func aJournalWrittenByANewerInterludeIsRefusedAndLeftAsItWas(_ upgrade: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Journal(folder: folder).apply([.saveJob(Job(id: "j1", operation: "noop", input: .null, createdAt: Date()), idempotency: nil)])
        try Database(path: path).execute(upgrade)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

        for open in [{ _ = try Journal(folder: folder) }, { _ = try Journal.openChecking(folder: folder) }] {
            let error = #expect(throws: JournalError.self) { try open() }
            #expect(error?.code == .newerSchema)
            #expect(error?.description.contains("has schema version \(Self.newest + 1)") == true, "\(String(describing: error))")
            #expect(error?.description.contains("knows up to \(Self.newest)") == true, "\(String(describing: error))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not a byte written")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
        let file = try Database(path: path, options: .init(readOnly: true))
        #expect(try file.query("SELECT id FROM jobs").compactMap { $0.string("id") } == ["j1"])
    }

    @Test(.enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
    func aPostgresJournalWrittenByANewerInterludeIsRefusedTheSameWay() async throws {
        let database = try await PrivatePostgres.schema()
        _ = try Journal(postgres: database.url)
        let newest = PostgresSchema.migrations.map(\.version).max() ?? 0
        let connection = try PostgresConnection(url: database.url)
        try connection.run("INSERT INTO interlude_schema (version) VALUES ($1)", [.integer(Int64(newest + 1))])
        let error = #expect(throws: PostgresError.self) { try Journal(postgres: database.url) }
        #expect(error?.description.contains("has schema version \(newest + 1)") == true, "\(String(describing: error))")
        #expect(error?.description.contains("knows up to \(newest)") == true, "\(String(describing: error))")
        let versions = try connection.query("SELECT version FROM interlude_schema ORDER BY version").compactMap { $0.int("version").map(Int.init) }
        #expect(versions == PostgresSchema.migrations.map(\.version).sorted() + [newest + 1], "nothing applied")
    }

    @Test func aJournalOfThisVersionStillOpens() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Journal(folder: folder)
        #expect(try Database(path: path).userVersion == Self.newest)
        _ = try Journal(folder: folder)
        _ = try Journal.openChecking(folder: folder)
    }
}
