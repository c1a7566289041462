public import Foundation
public import JSON
public import Presentation
import Primitives

/// What the broker must make durable; applied in one transaction per loop turn.
///
/// Each case's values are boxed (`indirect`), so passing a change along copies a pointer, not a whole job.
public indirect enum JournalChange: Sendable, Hashable {
    case saveJob(Job, idempotency: Idempotency?)
    case addPresentation(Presentation)
    case resolve(Resolution)
    /// The approvals a pending presentation has so far, all of them (each approval short of the number rewrites them).
    case approve(presentation: String, [Approval])
    /// A pending presentation's audience was widened by its escalation: its stored body becomes this one.
    case escalate(Presentation)
    case recordStep(job: String, name: String, value: RawJSON)
    case appendEvent(Event)
    /// An event with its JSON already encoded (`Frames.json`): the broker publishes the same bytes it journals.
    case appendEncodedEvent(Event, json: Data)
    /// One line of a job's timeline; a timeline begins with the job's one `queued` entry (its submit).
    case appendHistory(job: String, HistoryEntry)
    /// A job handed to a worker: its `dispatched` timeline entry, which carries the attempt. The job's row is
    /// not rewritten for it: a recovery counts the job's `dispatched` entries (`Journal.recover(_:)`). Only
    /// when the entry may not be written (past `Journal.historyLimit`, or a job whose rows the journal does not
    /// count) is the row saved as well, so the attempt is never lost.
    case dispatch(Job, HistoryEntry)
    /// A worker announced an operation: a new version is added, a known one gets its time and worker.
    case announce(RecordedAnnouncement)
}

/// A submit's idempotency key and the digest of the request it came with, so a key reused with a
/// different request can be told apart from a retry.
public struct Idempotency: Sendable, Hashable {
    public let key: String
    /// FNV-1a of the operation and the canonical (sorted-key) encoding of the input: a checksum that
    /// tells requests apart, not a security boundary (only the key's holder can reuse the key). The input's
    /// value counts, not its spelling: the same input sent with other spaces or key order is the same request.
    public let digest: String

    /// The key with the digest of `operation` and `input`.
    public init(key: String, operation: String, input: RawJSON) {
        self.key = key
        digest = Self.digest(operation: operation, input: input)
    }

    /// The key with the digest of `operation` and an input already read as a value.
    public init(key: String, operation: String, value: JSONValue) {
        self.key = key
        digest = Self.digest(operation: operation, value: value)
    }

    /// The digest of a request, from its input's value in the encoder's spelling (as digests always were).
    public static func digest(operation: String, input: RawJSON) -> String {
        guard let value = try? input.value else { return digest(operation: operation, canonical: input.bytes) }
        return digest(operation: operation, value: value)
    }

    /// The digest of a request whose input is already read.
    public static func digest(operation: String, value: JSONValue) -> String {
        digest(operation: operation, canonical: (try? JSONWriter.encode(value)) ?? Data())
    }

    private static func digest(operation: String, canonical: Data) -> String {
        FNV1a.hex(Data(operation.utf8) + [0x0A] + canonical)
    }
}
