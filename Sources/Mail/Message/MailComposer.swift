public import Foundation
public import Gateway
public import Presentation
import Primitives

/// Writes the mail one person gets about one question: the title and message in their language (the
/// operation's catalog, as the page uses it), an answer link per action (one link to the question when
/// it has text fields), one more approval, or how it ended. Pure: keys, time and texts come in.
public struct MailComposer: Sendable {
    /// The sender's address.
    public let from: String
    /// The gateway's base URL links start with, without a trailing slash.
    public let publicURL: String
    /// The keys links are signed with.
    public let keys: LinkKeys

    /// A composer sending from `from`, linking to `publicURL`, signing with `keys`.
    public init(from: String, publicURL: String, keys: LinkKeys) {
        self.from = from
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.keys = keys
    }

    /// The mail of `kind` about `presentation` (of an `operation` job) for `name`, who is `person`;
    /// `resolution` for a resolved one, `approvals` (where the action stands) for an approval; `texts` is
    /// the operation's catalog; links last a day from `now`, never past the question's deadline.
    public func mail(
        _ kind: MailKind, about presentation: Presentation, operation: String, resolution: Resolution? = nil, approvals: ApprovalProgress? = nil,
        for name: String, _ person: People.Person, texts: Catalog, sequence: Int64, now: Date
    ) -> MailMessage {
        let locale = person.language ?? Catalog.fallbackLocale
        let texts = texts.merging(MailTexts.catalog)
        let say = { (key: String, arguments: [String]) in MailTexts.string(key, arguments, locale: locale) }
        let title = texts.title(of: presentation, locale: locale)
        var body = MailBody(
            title: title, message: texts.message(of: presentation, locale: locale),
            language: Catalog.candidates(for: locale)[0].replacingOccurrences(of: "_", with: "-"))
        body.paragraph(say("mail.\(kind.rawValue).intro", []))
        if kind.asks {
            let expiry = min(now.addingTimeInterval(AnswerLink.defaultLifetime), presentation.expiresAt ?? .distantFuture)
            let page = "\(publicURL)/answer/\(presentation.id)/" + AnswerLink(presentation: presentation.id, person: name, expiresAt: expiry).signed(with: keys)
            if presentation.fields.isEmpty {
                for action in presentation.actions {
                    let label = texts.label(of: action, locale: locale)
                    body.link(
                        label, page + "?action=" + Self.queryValue(action.id),
                        text: say("mail.action.link", [label, page + "?action=" + Self.queryValue(action.id)]), role: action.role)
                }
            } else {
                body.link(say("mail.question.button", []), page, text: say("mail.question.link", [page]), role: nil)
            }
            if let deadline = presentation.expiresAt { body.paragraph(say("mail.deadline", [Timestamp.string(deadline)])) }
            body.note(say("mail.links.note", [name, Timestamp.string(AnswerLink(presentation: presentation.id, person: name, expiresAt: expiry).expiresAt)]))
        } else if let resolution {
            body.paragraph(Self.outcome(resolution, of: presentation, texts: texts, locale: locale))
        } else if let approvals, let last = approvals.approvals.last {
            let label = presentation.action(approvals.action).map { texts.label(of: $0, locale: locale) } ?? approvals.action
            body.paragraph(say("mail.approved.progress", [last.by, label, "\(approvals.approvals.count)", "\(approvals.needed)"]))
        }
        body.note(say("mail.footer", [presentation.job, operation, name]))
        let host = from.split(separator: "@").last.map(String.init) ?? "interlude"
        let thread = "<\(presentation.id).\(name)@\(host)>"
        return MailMessage(
            from: from, to: person.email, subject: say("mail.\(kind.rawValue).subject", [title]), text: body.text, html: body.html,
            messageID: kind.starts ? thread : "<\(presentation.id).\(sequence).\(name)@\(host)>", inReplyTo: kind.starts ? nil : thread,
            date: now)
    }

    /// Who chose what, or why nobody did, in `locale`.
    static func outcome(_ resolution: Resolution, of presentation: Presentation, texts: Catalog, locale: String) -> String {
        let label = resolution.action.map { id in presentation.action(id).map { texts.label(of: $0, locale: locale) } ?? id } ?? ""
        let say = { (key: String, arguments: [String]) in MailTexts.string(key, arguments, locale: locale) }
        return switch resolution.cause {
        case .answered: say("mail.resolved.answered", [resolution.by ?? "?", label, resolution.channel ?? "?"])
        case .dismissed: say("mail.resolved.dismissed", [resolution.by ?? "?", label])
        case .expired: say("mail.resolved.expired", [label])
        case .withdrawn: say("mail.resolved.withdrawn", [])
        }
    }

    /// `text` percent-encoded for a query value.
    static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
