import Foundation
import JSON
import Presentation
import Wire

/// Real events of one job: queued, a removeDownload confirmation, its resolution, success.
enum OutboxEvents {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    static func job(_ id: String, presentation: Presentation? = nil, phase: Job.Phase = .running) -> Job {
        Job(
            id: id, operation: "removeDownload", input: .object(["title": .string("Blue in Green")]), phase: phase,
            presentation: presentation, attempts: 1, createdAt: at)
    }

    static func presentation(_ id: String, job: String) -> Presentation {
        let draft = Presentation.Draft.confirmationDialog(
            "Remove download", titleVisibility: .visible, message: "Blue in Green will no longer be available offline.",
            actions: [Action(id: "remove", label: "Remove", role: .destructive)])
        return try! Presentation(draft, id: id, job: job, sequence: 1, createdAt: at)
    }

    static func queued(_ sequence: Int64, job: String = "job_1") -> Event {
        Event(sequence: sequence, type: .jobQueued, at: at, job: self.job(job, phase: .queued))
    }

    static func pending(_ sequence: Int64, job: String = "job_1", presentation id: String = "prs_1") -> Event {
        let presentation = presentation(id, job: job)
        return Event(
            sequence: sequence, type: .presentationPending, at: at, job: self.job(job, presentation: presentation),
            presentation: presentation)
    }

    static func succeeded(_ sequence: Int64, job: String = "job_1") -> Event {
        Event(sequence: sequence, type: .jobSucceeded, at: at, job: self.job(job, phase: .succeeded))
    }
}
