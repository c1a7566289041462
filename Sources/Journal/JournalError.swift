/// What is wrong with a journal file, or with a row in it.
public struct JournalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Code: String, Sendable, Hashable {
        /// The file is empty, or is not an Interlude journal (another program's file or database).
        case notAJournal
        /// SQLite's own check found damage.
        case corrupt
        /// A newer Interlude wrote it: it records a schema version this one does not know.
        case newerSchema
        /// The file, or the folder its write-ahead log goes in, cannot be written.
        case readOnly
        /// A row whose JSON cannot be read back.
        case unreadableRow
    }

    /// What kind of problem.
    public let code: Code
    /// One line for a person, naming the file or the row.
    public let description: String

    /// An error of `code`.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
