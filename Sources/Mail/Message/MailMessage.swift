public import Foundation

/// One mail to one person: its headers' values and its two bodies. `rendered` is the RFC 5322 message
/// with a multipart/alternative body (plain text first, then HTML), each part UTF-8 in base64.
public struct MailMessage: Sendable, Hashable {
    /// The sender's address; the `From` header names it `Interlude`.
    public let from: String
    /// The recipient's address.
    public let to: String
    /// The subject, any text (encoded when it is not plain ASCII).
    public let subject: String
    /// The plain text part.
    public let text: String
    /// The HTML part (already escaped where it holds the question's texts).
    public let html: String
    /// The `Message-ID`, with its angle brackets.
    public let messageID: String
    /// The `Message-ID` of the mail this one follows (the question's first mail), for threading.
    public let inReplyTo: String?
    /// When it was written.
    public let date: Date

    /// A mail with these parts.
    public init(from: String, to: String, subject: String, text: String, html: String, messageID: String, inReplyTo: String? = nil, date: Date) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.inReplyTo = inReplyTo
        self.date = date
    }

    /// The header fields in the order they are written, values already encoded and free of line breaks.
    public var headers: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [
            ("From", "Interlude <\(HeaderText.plain(from))>"), ("To", HeaderText.plain(to)), ("Subject", HeaderText.encoded(subject)),
            ("Date", MailDate.string(date)), ("Message-ID", HeaderText.plain(messageID)),
        ]
        if let inReplyTo { fields += [("In-Reply-To", HeaderText.plain(inReplyTo)), ("References", HeaderText.plain(inReplyTo))] }
        fields += [
            ("MIME-Version", "1.0"), ("Content-Type", "multipart/alternative; boundary=\"\(boundary)\""), ("Auto-Submitted", "auto-generated"),
        ]
        return fields
    }

    /// The boundary between the parts: `=_` cannot occur in base64 text, so no part can contain it.
    var boundary: String {
        "=_interlude_" + String(messageID.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.prefix(40).map(Character.init))
    }

    /// The whole message, CRLF line ends, ready for SMTP's DATA.
    public var rendered: Data {
        var lines = headers.map { "\($0.name): \($0.value)" }
        lines.append("")
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            lines += ["--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", ""]
            lines += Self.base64Lines(body)
        }
        lines += ["--\(boundary)--", ""]
        return Data(lines.joined(separator: "\r\n").utf8)
    }

    /// `text` with CRLF line ends, in base64 lines of 76 characters.
    static func base64Lines(_ text: String) -> [String] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        let encoded = Data(normalized.utf8).base64EncodedString()
        return stride(from: 0, to: encoded.count, by: 76).map { start in
            let from = encoded.index(encoded.startIndex, offsetBy: start)
            return String(encoded[from..<(encoded.index(from, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
        }
    }
}
