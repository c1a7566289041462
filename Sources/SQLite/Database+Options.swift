import Primitives

extension Database {
    /// How a connection is opened and tuned.
    public struct Options: Sendable, Hashable {
        /// Durability of commits; `.full` by default.
        public var synchronous: Synchronous
        /// How long to wait for another connection's lock before failing with `isBusy`.
        public var busyTimeout: Duration
        /// Opens without write access (and without creating the file).
        public var readOnly: Bool
        /// Who copies the WAL into the database file; ignored when read-only.
        public var checkpoints: Checkpoints

        /// Creates options; the defaults suit the broker's journal.
        public init(
            synchronous: Synchronous = .full, busyTimeout: Duration = .seconds(5), readOnly: Bool = false, checkpoints: Checkpoints = .onCommit
        ) {
            self.synchronous = synchronous
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
            self.checkpoints = checkpoints
        }

        var busyTimeoutMilliseconds: Int32 { Int32(clamping: busyTimeout.wholeMilliseconds) }
    }

    /// Who checkpoints: copies the WAL's pages into the database file so the WAL can start over.
    public enum Checkpoints: Sendable, Hashable {
        /// SQLite's default: the commit that takes the WAL past 1,000 pages copies them, and waits for it.
        case onCommit
        /// A thread and connection of their own once the WAL holds `pages` pages; the committing
        /// thread only past `limit` pages, which bounds the WAL if that thread falls behind.
        case background(pages: Int, limit: Int)

        /// What the journal uses: SQLite's threshold in the background, the WAL bounded at 8,000 pages.
        public static let inBackground = Checkpoints.background(pages: 1_000, limit: 8_000)
    }
}
