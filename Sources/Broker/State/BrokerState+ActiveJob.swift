import Foundation
import JSON
import Presentation
import Wire

extension BrokerState {
    /// A job that has not ended, with what the broker knows beyond its row.
    ///
    /// Its fields live in one box shared until written (copy on write), so the table of active jobs
    /// holds a pointer per job: inline, a job, its slot and its workers took about 830 bytes in every
    /// slot of the table, empty ones included, which at 100,000 parked jobs came to 220 MB.
    ///
    /// The box keeps the job in parts rather than as a `Job`: a `Job` holds room for a whole presentation,
    /// a result, an error and an outcome, which a job waiting on a question never fills (about 600 bytes a
    /// job). Its pending question is kept as which question it is (id, sequence, times) and what it says
    /// (`Presentation.Content`, one copy for every question that says the same, see `shareQuestion`);
    /// what only an ending job has sits in a box of its own. `job` and `slot` put them together again.
    struct ActiveJob: Sendable {
        private var box: Box

        init(job: Job, slot: PresentationSlot) {
            var job = job
            job.presentation = slot.current
            box = Box(Fields(job, resolutions: slot.resolutions, lastSequence: slot.lastSequence))
            box.fields.setRare(approvals: slot.approvals)
        }

        /// The job; its `presentation` is the slot's pending one.
        var job: Job {
            get { box.fields.job }
            set {
                makeUnique()
                box.fields.take(newValue)
            }
        }

        /// The job's presentation slot: its pending presentation, how earlier ones ended, the last sequence.
        var slot: PresentationSlot {
            get {
                PresentationSlot(
                    current: box.fields.presentation, resolutions: box.fields.resolutions, lastSequence: box.fields.lastSequence,
                    approvals: box.fields.rare?.rare.approvals ?? [])
            }
            set {
                makeUnique()
                box.fields.keep(newValue.current)
                box.fields.resolutions = newValue.resolutions
                box.fields.lastSequence = newValue.lastSequence
                box.fields.setRare(approvals: newValue.approvals)
            }
        }

        /// The job's id, operation, attempts and creation time, read without putting the whole job together.
        var id: String { box.fields.id }
        var operation: String { box.fields.operation }
        var attempts: Int { box.fields.attempts }
        var createdAt: Date { box.fields.createdAt }

        /// The worker running it now.
        var worker: PeerID? {
            get { box.fields.worker }
            set {
                makeUnique()
                box.fields.worker = newValue
            }
        }

        /// The worker keeping its task suspended while it waits for an answer.
        var holder: PeerID? {
            get { box.fields.holder }
            set {
                makeUnique()
                box.fields.holder = newValue
            }
        }

        var cancelRequested: Bool {
            get { box.fields.cancelRequested }
            set {
                makeUnique()
                box.fields.cancelRequested = newValue
            }
        }

        /// Why its worker was last lost while running it, for the `poisoned` error.
        var lastLoss: String? {
            get { box.fields.rare?.rare.lastLoss }
            set {
                makeUnique()
                box.fields.setRare(lastLoss: newValue)
            }
        }

        /// Takes what the pending question says from `contents` when an equal one is kept there (or keeps it
        /// there, its texts shared through `texts`), so questions that say the same share one copy.
        mutating func shareQuestion(_ contents: inout SharedContents, texts: inout SharedTexts) {
            guard let question = box.fields.question else { return }
            let shared = contents.share(question.content, texts: &texts)
            guard shared !== question.content else { return }
            makeUnique()
            box.fields.question = Question(question, content: shared)
        }

        /// Whether the pending question's content is `content` itself (not only an equal one), for tests.
        func questionShares(_ content: ContentBox) -> Bool { box.fields.question?.content === content }

        /// The box of what the pending question says, for tests.
        var questionContent: ContentBox? { box.fields.question?.content }

        /// The bytes the box keeps inline for a job, for tests.
        static var storedBytes: Int { MemoryLayout<Fields>.size }

        private mutating func makeUnique() {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        }
    }

    /// A pending question as an active job keeps it: which question it is, and what it says.
    private struct Question {
        let id: String
        let sequence: Int
        let createdAt: Date
        let expiresAt: Date?
        let content: ContentBox

        init(_ presentation: Presentation) {
            id = presentation.id
            sequence = presentation.sequence
            createdAt = presentation.createdAt
            expiresAt = presentation.expiresAt
            content = ContentBox(presentation.content)
        }

        init(_ other: Question, content: ContentBox) {
            id = other.id
            sequence = other.sequence
            createdAt = other.createdAt
            expiresAt = other.expiresAt
            self.content = content
        }

        func presentation(of job: String) -> Presentation {
            Presentation(id: id, job: job, sequence: sequence, createdAt: createdAt, expiresAt: expiresAt, content: content.content)
        }
    }

    /// What only a job that ends, whose worker was lost, or whose question has approvals short of its number, has.
    private struct Rare: Equatable {
        var result: RawJSON?
        var error: Job.Failure?
        var outcome: Job.Outcome?
        var lastLoss: String?
        var approvals: [Approval] = []

        var isEmpty: Bool { result == nil && error == nil && outcome == nil && lastLoss == nil && approvals.isEmpty }
    }

    private struct Fields {
        var id: String
        var operation: String
        var input: RawJSON
        var createdAt: Date
        var updatedAt: Date
        var attempts: Int
        var redispatches: Int
        var progress: Job.Progress?
        var answerWithin: TimeInterval?
        var audience: Audience?
        var question: Question?
        var resolutions: [String: Resolution]
        var lastSequence: Int
        var worker: PeerID?
        var holder: PeerID?
        /// Boxed: `nil` for nearly every job.
        var rare: RareBox?
        var phase: Job.Phase
        var cancelRequested = false

        init(_ job: Job, resolutions: [String: Resolution], lastSequence: Int) {
            id = job.id
            operation = job.operation
            input = job.input
            createdAt = job.createdAt
            updatedAt = job.updatedAt
            attempts = job.attempts
            redispatches = job.redispatches
            progress = job.progress
            phase = job.phase
            answerWithin = job.answerWithin
            audience = job.audience
            question = job.presentation.map(Question.init)
            self.resolutions = resolutions
            self.lastSequence = lastSequence
            setRare(result: job.result, error: job.error, outcome: job.outcome, lastLoss: nil)
        }

        var presentation: Presentation? { question?.presentation(of: id) }

        var job: Job {
            var job = Job(
                id: id, operation: operation, input: input, phase: phase, presentation: presentation, result: rare?.rare.result,
                error: rare?.rare.error, progress: progress, attempts: attempts, createdAt: createdAt, updatedAt: updatedAt)
            job.redispatches = redispatches
            job.outcome = rare?.rare.outcome
            job.answerWithin = answerWithin
            job.audience = audience
            return job
        }

        /// Takes every field of `job`.
        mutating func take(_ job: Job) {
            (id, operation, input, createdAt, updatedAt) = (job.id, job.operation, job.input, job.createdAt, job.updatedAt)
            (attempts, redispatches, progress, phase) = (job.attempts, job.redispatches, job.progress, job.phase)
            (answerWithin, audience) = (job.answerWithin, job.audience)
            keep(job.presentation)
            setRare(result: job.result, error: job.error, outcome: job.outcome, lastLoss: rare?.rare.lastLoss)
        }

        /// Keeps `presentation` as the pending question; the one kept already stays (with its shared content)
        /// when it is the same question: a published presentation never changes.
        mutating func keep(_ presentation: Presentation?) {
            guard let presentation else {
                question = nil
                return
            }
            // An escalated question is the same question with a wider audience: it replaces the one kept.
            if let question, question.id == presentation.id, question.content.content.escalatedAt == presentation.escalatedAt { return }
            question = Question(presentation)
        }

        mutating func setRare(lastLoss: String?) {
            setRare(result: rare?.rare.result, error: rare?.rare.error, outcome: rare?.rare.outcome, lastLoss: lastLoss)
        }

        mutating func setRare(approvals: [Approval]) {
            guard approvals != rare?.rare.approvals ?? [] else { return }
            setRare(result: rare?.rare.result, error: rare?.rare.error, outcome: rare?.rare.outcome, lastLoss: rare?.rare.lastLoss, approvals: approvals)
        }

        mutating func setRare(result: RawJSON?, error: Job.Failure?, outcome: Job.Outcome?, lastLoss: String?, approvals: [Approval]? = nil) {
            let new = Rare(result: result, error: error, outcome: outcome, lastLoss: lastLoss, approvals: approvals ?? rare?.rare.approvals ?? [])
            if new.isEmpty {
                rare = nil
            } else if rare?.rare != new {
                rare = RareBox(new)
            }
        }
    }

    /// The shared storage of an `ActiveJob`.
    // @unchecked: written only through `ActiveJob`, and only while uniquely referenced (copy on write).
    private final class Box: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private final class RareBox: Sendable {
        let rare: Rare

        init(_ rare: Rare) {
            self.rare = rare
        }
    }
}

/// What a question says (`Presentation.Content`), kept once for many questions.
final class ContentBox: Sendable {
    let content: Presentation.Content

    init(_ content: Presentation.Content) {
        self.content = content
    }
}

/// The contents of pending questions that many jobs ask alike, kept once. Bounded like `SharedTexts`:
/// past `capacity` distinct contents it keeps what it has and shares nothing new.
struct SharedContents: Sendable {
    private var kept: [Presentation.Content: ContentBox] = [:]
    /// The box handed out last: questions in a row mostly say the same, and telling equal contents read from
    /// one stored text apart takes no hashing (their texts share storage).
    private var last: ContentBox?
    let capacity: Int

    init(capacity: Int = 1_024) {
        self.capacity = capacity
    }

    /// The kept box of an equal content, or a box of `box`'s content with its texts shared through `texts`
    /// (kept for the next, while there is room).
    mutating func share(_ box: ContentBox, texts: inout SharedTexts) -> ContentBox {
        if let last, last.content == box.content { return last }
        if let shared = kept[box.content] {
            last = shared
            return shared
        }
        let new = ContentBox(box.content.sharing(&texts))
        if kept.count < capacity {
            kept[new.content] = new
            last = new
        }
        return new
    }
}
