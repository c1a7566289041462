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

        /// Creates options; the defaults suit the broker's journal.
        public init(synchronous: Synchronous = .full, busyTimeout: Duration = .seconds(5), readOnly: Bool = false) {
            self.synchronous = synchronous
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
        }

        var busyTimeoutMilliseconds: Int32 { Int32(clamping: busyTimeout.wholeMilliseconds) }
    }
}
