public import Foundation
public import PostgreSQL
public import SQLite

/// Where the journal lives, from the `journal` setting: empty means `journal.sqlite` in the data
/// folder; a `postgres://` or `postgresql://` URL means that PostgreSQL database.
public enum JournalLocation: Sendable, Hashable, CustomStringConvertible {
    /// SQLite, in this folder, with this `synchronous` (the setting of that name).
    case sqlite(folder: URL, synchronous: Synchronous = .full)
    /// PostgreSQL, at this URL.
    case postgres(PostgresURL)

    /// Reads the `journal` setting, with `synchronous` for a file; anything but empty or a PostgreSQL URL
    /// libpq can read throws.
    public init(setting: String, data: URL, synchronous: Synchronous = .full) throws(PostgresError) {
        let trimmed = setting.trimmingCharacters(in: .whitespaces)
        self = trimmed.isEmpty ? .sqlite(folder: data, synchronous: synchronous) : .postgres(try PostgresURL(trimmed))
    }

    /// Opens the journal there (creating what is missing), with the file's `synchronous`;
    /// `replacingForeign` sets aside a file that is not a journal (see `Journal.init(folder:)`).
    public func open(replacingForeign: Bool = false) throws -> Journal {
        switch self {
        case .sqlite(let folder, let synchronous): try Journal(folder: folder, synchronous: synchronous, replacingForeign: replacingForeign)
        case .postgres(let url): try Journal(postgres: url)
        }
    }

    /// Opens the journal as `open` does; a SQLite file is checked alongside what the caller does next (see
    /// `Journal.openChecking(folder:)`), and the caller must `wait()` on the check before acting on what it read.
    public func openChecking(replacingForeign: Bool = false) throws -> (journal: Journal, check: Journal.IntegrityCheck?) {
        switch self {
        case .sqlite(let folder, let synchronous): try Journal.openChecking(folder: folder, synchronous: synchronous, replacingForeign: replacingForeign)
        case .postgres(let url): (try Journal(postgres: url), nil)
        }
    }

    /// Whether several brokers may share it, one active at a time (PostgreSQL).
    public var isShared: Bool {
        if case .postgres = self { true } else { false }
    }

    /// The SQLite file's path, or the URL with its password redacted.
    public var description: String {
        switch self {
        case .sqlite(let folder, _): folder.appendingPathComponent("journal.sqlite").path
        case .postgres(let url): url.redacted
        }
    }
}
