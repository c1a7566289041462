import Foundation
import JSON
import Presentation
import Resolver
import Wire

/// Questions, events and snapshots for the session tests: question `n` is `p-n`, asked by job `j-n`
/// running removeDownload, created `n` seconds after `Fixtures.createdAt`.
enum SessionFixtures {
    static func presentation(_ number: Int) -> Presentation {
        let draft = Presentation.Draft.confirmationDialog(
            "Remove download", titleVisibility: .visible, message: "Track \(number) will no longer be available offline.",
            actions: [Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("action.remove")), Fixtures.cancel])
        do {
            return try Presentation(draft, id: "p-\(number)", job: "j-\(number)", sequence: 1, createdAt: Fixtures.createdAt.addingTimeInterval(Double(number)))
        } catch {
            fatalError("fixture is invalid: \(error)")
        }
    }

    static func entry(_ number: Int) -> PendingEntry {
        PendingEntry(presentation(number), operation: "removeDownload")
    }

    static func job(_ number: Int) -> Job {
        Job(id: "j-\(number)", operation: "removeDownload", input: .object([:]), createdAt: Fixtures.createdAt)
    }

    static func snapshot(_ numbers: [Int], at sequence: Int64) -> BrokerReply.PendingSnapshot {
        BrokerReply.PendingSnapshot(
            presentations: numbers.map(presentation), sequence: sequence,
            operations: Dictionary(uniqueKeysWithValues: numbers.map { ("j-\($0)", "removeDownload") }))
    }

    /// `presentation.pending` for question `number`.
    static func pending(_ number: Int, at sequence: Int64) -> Event {
        Event(sequence: sequence, type: .presentationPending, at: Fixtures.now, job: job(number), presentation: presentation(number))
    }

    /// `presentation.resolved` for question `number`.
    static func resolved(_ number: Int, at sequence: Int64, _ cause: Resolution.Cause = .answered, by: String? = "ana", action: String? = "remove") -> Event {
        Event(
            sequence: sequence, type: .presentationResolved, at: Fixtures.now, job: job(number), resolution: resolution(number, cause, by: by, action: action))
    }

    static func resolution(_ number: Int, _ cause: Resolution.Cause = .answered, by: String? = "ana", action: String? = "remove") -> Resolution {
        let answered = cause == .answered || cause == .dismissed
        return Resolution(
            presentation: "p-\(number)", job: "j-\(number)", cause: cause, action: action,
            by: answered ? by : nil, channel: answered ? "web" : nil, at: Fixtures.now)
    }

    static func queued(_ number: Int, at sequence: Int64) -> Event {
        Event(sequence: sequence, type: .jobQueued, at: Fixtures.now, job: job(number))
    }

    /// The ids of the questions a list of actions announces.
    static func presented(_ actions: [SessionAction]) -> [String] {
        actions.compactMap { if case .presented(let entry) = $0 { entry.id } else { nil } }
    }
}
