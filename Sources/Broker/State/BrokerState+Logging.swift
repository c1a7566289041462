import Foundation
import Log
import Presentation
import Primitives
import Wire

extension BrokerState {
    /// "prs_… asked by job_… (removeDownload): Remove download", at info.
    func askedLine(_ presentation: Presentation, operation: String) -> BrokerEffect {
        var line = "\(presentation.id) asked by \(presentation.job) (\(operation)): \(presentation.title)"
        if let expiry = presentation.expiresAt { line += "; expires \(Timestamp.string(expiry))" }
        return .log(.info, line, LogSubject(job: presentation.job, presentation: presentation.id, operation: operation))
    }

    /// "prs_… answered by ana (cli) with remove", "prs_… expired (resolved to cancel)", …, at info.
    func resolvedLine(_ resolution: Resolution, operation: String) -> BrokerEffect {
        .log(
            .info, "\(resolution.presentation) \(resolution.summary)",
            LogSubject(job: resolution.job, presentation: resolution.presentation, operation: operation))
    }

    /// "prs_… escalated: now for users ana; groups ops, leads", at info.
    func escalatedLine(_ presentation: Presentation, operation: String) -> BrokerEffect {
        .log(
            .info, "\(presentation.id) escalated: now for \(presentation.audience.map(String.init(describing:)) ?? "anyone")",
            LogSubject(job: presentation.job, presentation: presentation.id, operation: operation))
    }

    /// "refused an answer to prs_… by bob (cli): …", at info.
    static func refusedLine(_ answer: ClientRequest.AnswerRequest, _ error: WireError, job: String?, operation: String?) -> BrokerEffect {
        .log(
            .info, "refused an answer to \(answer.presentation) by \(answer.by.isEmpty ? "?" : answer.by) (\(answer.channel)): \(error.message)",
            LogSubject(job: job, presentation: answer.presentation, operation: operation))
    }
}

extension BrokerState {
    /// "worker w1 joined: 2 slot(s), 5 operation(s)", at info.
    static func joinedLine(_ name: String, capacity: Int, operations: Int) -> BrokerEffect {
        .log(.info, "worker \(name) joined: \(capacity) slot(s), \(operations) operation(s)", LogSubject())
    }

    /// "worker w1: the announcement of aaEvil was refused: …", at warning.
    static func refusedLine(_ name: String, _ refusal: WireError) -> BrokerEffect {
        .log(.warning, "worker \(name): \(refusal.message)", LogSubject())
    }

    /// "worker w1 left (disconnected) while running 1 job(s)", at info.
    static func leftLine(_ name: String, cause: String, running: Int) -> BrokerEffect {
        .log(.info, "worker \(name) left (\(cause)) while running \(running) job(s)", LogSubject())
    }
}
