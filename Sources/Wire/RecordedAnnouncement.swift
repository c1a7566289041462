public import Foundation

/// One distinct announcement of an operation as the journal keeps it: the broker knows an operation
/// across restarts because some worker once announced it.
public struct RecordedAnnouncement: Sendable, Hashable {
    /// What the worker announced.
    public var announcement: OperationAnnouncement
    /// The worker that announced it last.
    public var worker: String
    /// When it was first announced.
    public var firstAt: Date
    /// When it was announced last.
    public var lastAt: Date

    /// A record of `announcement`.
    public init(announcement: OperationAnnouncement, worker: String, firstAt: Date, lastAt: Date) {
        self.announcement = announcement
        self.worker = worker
        self.firstAt = firstAt
        self.lastAt = lastAt
    }
}
