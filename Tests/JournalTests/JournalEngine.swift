import Foundation
import Journal
import TestSupport
import Testing

/// The engines the journal suite runs on: every test of it runs once on each, the same assertions.
/// PostgreSQL is left out only when its server binaries are not installed (`make test` installs them;
/// the PostgreSQL suites then say why they were skipped).
enum JournalEngine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static let testable: [JournalEngine] = PrivatePostgres.isAvailable ? allCases : [.sqlite]

    var testDescription: String { rawValue }

    /// A new, empty place for a journal on this engine.
    func scratch() async throws -> ScratchJournal {
        switch self {
        case .sqlite:
            return ScratchJournal(location: .sqlite(folder: FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")))
        case .postgres:
            let database = try await PrivatePostgres.schema()
            return ScratchJournal(location: .postgres(database.url), database: database)
        }
    }
}

/// A journal's place for one test; removed (folder deleted, database dropped) when released.
final class ScratchJournal: Sendable {
    let location: JournalLocation
    private let database: TestSchema?

    init(location: JournalLocation, database: TestSchema? = nil) {
        self.location = location
        self.database = database
    }

    /// Opens the journal there, as a broker starting would.
    func open() throws -> Journal { try location.open() }

    deinit {
        if case .sqlite(let folder, _) = location { try? FileManager.default.removeItem(at: folder) }
    }
}
