import Foundation

/// How the connection to the SMTP server is protected on `smtp://` (`smtps://` is TLS anyway).
public enum MailSecurity: String, Sendable, CaseIterable {
    /// STARTTLS, required: a server that does not offer it gets no mail.
    case starttls
    /// No TLS: for a relay on loopback.
    case none
}

extension Settings {
    /// The mailed event types `mailEvents` names.
    public var mailEventList: [String] {
        mailEvents.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `mailNoAudienceTo` as a list of names.
    public var mailNoAudienceList: [String] {
        mailNoAudienceTo.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Why `mailUrl` is unusable, or nil: empty, or `smtp://` / `smtps://` with a host.
    static func mailURLProblem(_ settings: Settings) -> String? {
        let url = settings.mailUrl
        guard !url.isEmpty else { return nil }
        guard let parsed = URLComponents(string: url), ["smtp", "smtps"].contains(parsed.scheme ?? ""), !(parsed.host ?? "").isEmpty else {
            return "must be smtp://host:port or smtps://host:port"
        }
        return parsed.user != nil || parsed.password != nil ? "must not hold a user or password: use mailUser and mailPasswordFile" : nil
    }

    /// Why `mailEvents` is unusable, or nil.
    static func mailEventsProblem(_ text: String) -> String? {
        let known = ["presentation.pending", "presentation.reminder", "presentation.resolved", "presentation.approved", "presentation.escalated"]
        let list = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return list.first { !known.contains($0) }.map { "\"\($0)\" is not mailed; use \(known.joined(separator: ", "))" }
    }

    /// Whether `text` is a bare address such as `interlude@example.com`.
    static func isMailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"<>()[],;:\\\"".unicodeScalars.contains($0) }
    }
}
