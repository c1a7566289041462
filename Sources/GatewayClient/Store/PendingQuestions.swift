import Foundation
import Presentation
import Wire

/// The questions one person may answer, oldest first, as a pure machine: a snapshot, then each event in
/// order; the first is the one to show. A question once ended is never taken back in, so a replayed
/// `pending` or `reminder` cannot bring it back, and one already held is not added twice.
struct PendingQuestions: Sendable {
    /// Who is answering: only questions this caller may answer are kept.
    let caller: GatewayCaller
    private(set) var questions: [Presentation] = []
    private var ended: Set<String> = []

    init(caller: GatewayCaller) {
        self.caller = caller
    }

    /// The one to show.
    var first: Presentation? { questions.first }

    /// Starts over from a snapshot of what is pending (after a gap the journal could not fill).
    mutating func start(_ presentations: [Presentation]) {
        questions = []
        for presentation in presentations { add(presentation) }
    }

    /// Applies one event; returns the question it ended, if this machine held it, with how it ended.
    @discardableResult
    mutating func receive(_ event: Event) -> (Presentation, Resolution)? {
        switch event.type {
        // An escalated question may be newly for this caller.
        case .presentationPending, .presentationReminder, .presentationEscalated:
            if let presentation = event.presentation { add(presentation) }
            return nil
        case .presentationResolved:
            guard let resolution = event.resolution else { return nil }
            return end(resolution.presentation).map { ($0, resolution) }
        case .jobQueued, .jobSucceeded, .jobFailed, .jobCancelled, .operationAnnounced, .heartbeat, .presentationApproved:
            return nil
        }
    }

    /// Takes a question out for good (answered here, or ended elsewhere); returns it if it was held.
    @discardableResult
    mutating func end(_ id: String) -> Presentation? {
        ended.insert(id)
        guard let index = questions.firstIndex(where: { $0.id == id }) else { return nil }
        return questions.remove(at: index)
    }

    private mutating func add(_ presentation: Presentation) {
        guard caller.mayAnswer(presentation), !ended.contains(presentation.id), !questions.contains(where: { $0.id == presentation.id }) else { return }
        let index = questions.firstIndex { Self.before(presentation, $0) } ?? questions.endIndex
        questions.insert(presentation, at: index)
    }

    private static func before(_ left: Presentation, _ right: Presentation) -> Bool {
        (left.createdAt, left.id) < (right.createdAt, right.id)
    }
}
