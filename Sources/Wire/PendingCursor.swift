import Foundation
public import Presentation

/// A position in the list of pending presentations, oldest first: creation time in milliseconds, then id.
///
/// It names the last presentation of a page, so a presentation answered while someone pages skips nothing.
public struct PendingCursor: Comparable, Sendable, Hashable {
    public let milliseconds: Int64
    public let id: String

    /// The position of `presentation`.
    public init(_ presentation: Presentation) {
        milliseconds = Int64((presentation.createdAt.timeIntervalSince1970 * 1000).rounded(.down))
        id = presentation.id
    }

    /// Reads `<milliseconds>-<id>`, the form `text` writes.
    public init?(_ text: String) {
        guard let dash = text.firstIndex(of: "-"), let milliseconds = Int64(text[..<dash]) else { return nil }
        let id = String(text[text.index(after: dash)...])
        guard !id.isEmpty else { return nil }
        self.milliseconds = milliseconds
        self.id = id
    }

    /// The cursor as pages hand it out.
    public var text: String { "\(milliseconds)-\(id)" }

    public static func < (lhs: PendingCursor, rhs: PendingCursor) -> Bool {
        (lhs.milliseconds, lhs.id) < (rhs.milliseconds, rhs.id)
    }
}
