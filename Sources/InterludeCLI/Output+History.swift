import Foundation
import JSON
import Presentation
import Primitives
import Wire

extension Output {
    /// A job's timeline as a person reads it: one line an entry, time first, then how many refusals it left out.
    static func describe(_ history: [HistoryEntry], refusalsOmitted: Int = 0) -> [String] {
        guard !history.isEmpty else { return [] }
        let omitted = refusalsOmitted > 0 ? ["    \(refusalsOmitted) more refusals not shown"] : []
        return ["  history:"] + history.map { "    \(Timestamp.string($0.at))  \(describe($0))" } + omitted
    }

    /// One entry: `dispatched to w1 (attempt 1)`, `asked prs_…: Remove download [remove, cancel]`, ….
    static func describe(_ entry: HistoryEntry) -> String {
        let who = [entry.by, entry.channel.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        switch entry.type {
        case .queued: return "queued"
        case .dispatched: return "dispatched to \(safe(entry.worker ?? "?")) (attempt \(entry.attempt ?? 0))"
        case .asked:
            guard let question = entry.question else { return "asked" }
            var line = "asked \(safe(question.id)): \(safe(question.title)) [\(question.actions.map { safe($0.id) }.joined(separator: ", "))]"
            if let expiry = question.expiresAt { line += ", expires \(Timestamp.string(expiry))" }
            return line
        case .escalated:
            let audience = entry.question?.audience.map { safe($0.description) } ?? "?"
            return "escalated \(safe(entry.presentation ?? "?")): now for \(audience)"
        case .resolved:
            let action = entry.action.map { " → \(safe($0))" } ?? ""
            let cause = entry.cause?.rawValue ?? "resolved"
            let values = (entry.values ?? [:]).sorted { $0.key < $1.key }.map { "\(safe($0.key))=\(safe($0.value))" }
            return "\(cause) \(safe(entry.presentation ?? "?"))\(who.isEmpty ? "" : " by \(safe(who))")\(action)"
                + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
        case .refused:
            let reason = entry.error.map { ": \(safe($0.message)) [\(safe($0.code))]" } ?? ""
            return "refused \(safe(entry.action ?? "dismiss")) on \(safe(entry.presentation ?? "?")) by \(safe(who))\(reason)"
        case .approved: return "approved \(safe(entry.action ?? "?")) on \(safe(entry.presentation ?? "?")) by \(safe(who))"
        case .step: return "step \(safe(entry.step ?? "?")) recorded"
        case .progress:
            let (done, total) = (entry.done ?? 0, entry.total ?? 0)
            return "progress \(total > 0 ? done * 100 / total : 0)% (\(done) of \(total))"
        case .retried: return "back in the queue after attempt \(entry.attempt ?? 0): \(safe(entry.reason ?? "its worker was lost"))"
        case .cancelRequested: return "cancel requested"
        case .finished:
            var line = "finished: \(entry.state?.rawValue ?? "?")"
            if let outcome = entry.outcome { line += ", outcome \(safe(outcome.action ?? "none")) (\(outcome.cause.rawValue))" }
            if let error = entry.error { line += ", error \(safe(error.code))" }
            return line
        }
    }
}

/// A job with its timeline, as `status --json` prints it: the job's fields, `history` and `refusalsOmitted`
/// (the refusals of its questions left out of the timeline).
struct JobWithHistory: Encodable, JSONWritable {
    let job: Job
    let history: [HistoryEntry]
    let refusalsOmitted: Int

    func write(to writer: inout JSONWriter) throws {
        try job.write(to: &writer) { writer in
            try writer.member("history", history)
            try writer.member("refusalsOmitted", refusalsOmitted)
        }
    }

    func encode(to encoder: any Encoder) throws {
        try job.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(history, forKey: .history)
        try container.encode(refusalsOmitted, forKey: .refusalsOmitted)
    }

    private enum Key: String, CodingKey { case history, refusalsOmitted }
}
