public import Foundation
public import Presentation

/// Something that happened, published on the event socket with a strictly increasing sequence. It
/// carries what changed: a summary of its job (never the input), the question once (on
/// `presentation.pending`, `presentation.reminder` and `presentation.escalated`), the resolution; a reader that wants the whole
/// job asks for it.
public struct Event: Sendable, Hashable {
    /// What happened; also the PUB topic, so subscribers can filter by prefix.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case jobQueued = "job.queued"
        case presentationPending = "presentation.pending"
        case presentationResolved = "presentation.resolved"
        /// A question still waits, `reminderSeconds` after it was asked or last reminded of.
        case presentationReminder = "presentation.reminder"
        /// One person approved an action that needs several, short of the number it needs; `approvals` says
        /// where it stands.
        case presentationApproved = "presentation.approved"
        /// A question still waits and its escalation is due: its audience is widened; carries the widened question.
        case presentationEscalated = "presentation.escalated"
        case jobSucceeded = "job.succeeded"
        case jobFailed = "job.failed"
        case jobCancelled = "job.cancelled"
        /// A worker announced an operation as the broker had not had it before (a new operation, or a new
        /// version of its summary, schema or texts); carries no job. Resolvers and the page ask for the
        /// operations' texts again.
        case operationAnnounced = "operation.announced"
        /// Not journaled: a liveness beat carrying the last sequence, so a quiet subscriber can spot a gap.
        case heartbeat = "heartbeat"
    }

    /// 1, 2, 3, … across the broker's whole history; a subscriber that sees a jump missed something.
    public let sequence: Int64
    public let type: Kind
    public let at: Date
    /// The job it concerns, summed up with its state after the event (absent on heartbeats).
    public let job: JobSummary?
    /// The presentation that became pending (on `presentation.pending`).
    public let presentation: Presentation?
    /// How the presentation ended (on `presentation.resolved`).
    public let resolution: Resolution?
    /// Where the action's approvals stand after this one (on `presentation.approved`).
    public let approvals: ApprovalProgress?
    /// The JSON this event was read from on the PUB socket (`decode(_:)`), as the broker wrote it once for the
    /// journal and its subscribers: a reader that passes the event on unchanged sends these bytes instead of
    /// writing it again. Nil for an event made here or read from a page of the journal (which may hold old
    /// shapes that read differently). Not part of the event's value: equality, hashing and coding leave it out.
    public internal(set) var published: Data? = nil

    public init(
        sequence: Int64, type: Kind, at: Date, job: JobSummary? = nil, presentation: Presentation? = nil,
        resolution: Resolution? = nil, approvals: ApprovalProgress? = nil
    ) {
        self.approvals = approvals
        self.sequence = sequence
        self.type = type
        self.at = at
        self.job = job
        self.presentation = presentation
        self.resolution = resolution
    }

    /// An event about `job`, which it carries summed up.
    public init(
        sequence: Int64, type: Kind, at: Date, job: Job, presentation: Presentation? = nil, resolution: Resolution? = nil,
        approvals: ApprovalProgress? = nil
    ) {
        self.init(
            sequence: sequence, type: type, at: at, job: JobSummary(job), presentation: presentation, resolution: resolution,
            approvals: approvals)
    }

    /// Events are equal when they say the same, whatever bytes they were read from.
    public static func == (left: Event, right: Event) -> Bool {
        left.sequence == right.sequence && left.type == right.type && left.at == right.at && left.job == right.job
            && left.presentation == right.presentation && left.resolution == right.resolution && left.approvals == right.approvals
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sequence)
        hasher.combine(type)
        hasher.combine(at)
        hasher.combine(job)
        hasher.combine(presentation)
        hasher.combine(resolution)
        hasher.combine(approvals)
    }

    /// The event kind for a job that ended in `phase`.
    public static func finished(_ phase: Job.Phase) -> Kind? {
        switch phase {
        case .succeeded: .jobSucceeded
        case .failed: .jobFailed
        case .cancelled: .jobCancelled
        case .queued, .running: nil
        }
    }
}
