import Configuration
import Foundation
import Journal

extension Settings {
    /// Where the journal lives: `journal`'s PostgreSQL URL, or SQLite in `data` with `synchronous`.
    var journalLocation: JournalLocation {
        get throws { try JournalLocation(setting: journal, data: URL(fileURLWithPath: data), synchronous: synchronous) }
    }
}
