import Foundation
import Presentation
import Wire

/// What the broker must make durable; applied in one transaction per loop turn.
public enum JournalChange: Sendable, Hashable {
    case saveJob(Job, idempotencyKey: String?)
    case addPresentation(Presentation)
    case resolve(Resolution)
    case recordStep(job: String, name: String, value: JSONValue)
    case appendEvent(Event)
    /// An event with its JSON already encoded (`Frames.json`): the broker publishes the same bytes it journals.
    case appendEncodedEvent(Event, json: Data)
    /// One line of a job's timeline.
    case appendHistory(job: String, HistoryEntry)
    /// A worker announced an operation: a new version is added, a known one gets its time and worker.
    case announce(RecordedAnnouncement)
}
