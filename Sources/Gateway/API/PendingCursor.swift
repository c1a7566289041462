import Foundation
import Presentation

/// A position in the pending snapshot, oldest first: creation time in milliseconds, then id.
///
/// It names the last presentation of a page, so answering one while paging skips nothing.
struct PendingCursor: Comparable {
    let milliseconds: Int64
    let id: String

    /// The position of `presentation`.
    init(_ presentation: Presentation) {
        milliseconds = Int64((presentation.createdAt.timeIntervalSince1970 * 1000).rounded(.down))
        id = presentation.id
    }

    /// Reads `<milliseconds>-<id>`, the form `text` writes.
    init?(_ text: String) {
        guard let dash = text.firstIndex(of: "-"), let milliseconds = Int64(text[..<dash]) else { return nil }
        let id = String(text[text.index(after: dash)...])
        guard !id.isEmpty else { return nil }
        self.milliseconds = milliseconds
        self.id = id
    }

    /// The cursor as the API hands it out.
    var text: String { "\(milliseconds)-\(id)" }

    static func < (lhs: PendingCursor, rhs: PendingCursor) -> Bool {
        (lhs.milliseconds, lhs.id) < (rhs.milliseconds, rhs.id)
    }
}
