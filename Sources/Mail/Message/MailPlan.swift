import Foundation
public import Presentation
public import Wire

/// Which people get a mail about one event, and what is remembered of its question for later mails.
/// Pure: the question's earlier recipients come in, and the people through the directory.
public struct MailPlan: Sendable, Equatable {
    /// The question as remembered from its first mail: what a resolution's mail shows, and who was told.
    public struct Question: Sendable, Equatable {
        /// The presentation as it was asked.
        public let presentation: Presentation
        /// The operation of its job.
        public let operation: String
        /// Everyone mailed about it so far, sorted.
        public let recipients: [String]

        /// A question asked by an `operation` job, mailed to `recipients`.
        public init(presentation: Presentation, operation: String, recipients: [String]) {
            self.presentation = presentation
            self.operation = operation
            self.recipients = recipients
        }
    }

    /// The kind of mail.
    public let kind: MailKind
    /// The question it is about.
    public let question: Question
    /// Who gets it, sorted.
    public let recipients: [String]
    /// Whether the question is over, so nothing more is mailed about it and it can be forgotten.
    public let forget: Bool

    /// The plan for `event` given what is remembered of its question (`known`); nil when nothing is mailed
    /// and nothing remembered: a kind not mailed, or an approval or resolution of a question never mailed.
    /// An escalation mails only the people it adds: those mailed before are not asked again.
    public static func of(_ event: Event, known: Question?, directory: Directory) -> MailPlan? {
        guard let kind = MailKind(event.type) else { return nil }
        switch kind {
        case .pending, .reminder:
            guard let presentation = event.presentation else { return nil }
            let recipients = directory.recipients(of: presentation.audience)
            let everyone = Array(Set(recipients + (known?.recipients ?? []))).sorted()
            let question = Question(presentation: presentation, operation: event.job?.operation ?? known?.operation ?? "", recipients: everyone)
            return MailPlan(kind: kind, question: question, recipients: recipients, forget: false)
        case .escalated:
            guard let presentation = event.presentation else { return nil }
            let already = Set(known?.recipients ?? [])
            let recipients = directory.recipients(of: presentation.audience).filter { !already.contains($0) }
            let everyone = Array(already.union(recipients)).sorted()
            let question = Question(presentation: presentation, operation: event.job?.operation ?? known?.operation ?? "", recipients: everyone)
            return MailPlan(kind: kind, question: question, recipients: recipients, forget: false)
        case .approved:
            guard let known, event.approvals?.presentation == known.presentation.id else { return nil }
            return MailPlan(kind: kind, question: known, recipients: known.recipients, forget: false)
        case .resolved:
            guard let known, event.resolution?.presentation == known.presentation.id else { return nil }
            return MailPlan(kind: kind, question: known, recipients: known.recipients, forget: true)
        }
    }
}
