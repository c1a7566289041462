public import Foundation
import Sodium

/// What an answer link says, signed: which question, who answers it, and until when. The link is
/// `<payload>.<tag>`, both URL-safe base64; the payload is `1`, the presentation id, the person's
/// name and the expiry in Unix seconds, one a line; the tag is its HMAC-SHA512-256 (`crypto_auth`).
public struct AnswerLink: Sendable, Hashable {
    /// The presentation it answers.
    public let presentation: String
    /// Who it answers as (recorded as `by`).
    public let person: String
    /// When it stops working, to the second.
    public let expiresAt: Date

    /// A link for `person` to answer `presentation` until `expiresAt` (rounded down to the second).
    public init(presentation: String, person: String, expiresAt: Date) {
        self.presentation = presentation
        self.person = person
        self.expiresAt = Date(timeIntervalSince1970: expiresAt.timeIntervalSince1970.rounded(.down))
    }

    private var payload: [UInt8] {
        Array("1\n\(presentation)\n\(person)\n\(Int(expiresAt.timeIntervalSince1970))".utf8)
    }

    /// The link's text, signed with the newest of `keys`.
    public func signed(with keys: LinkKeys) -> String {
        let payload = payload
        // A key of the right length always gives a tag; `LinkKeys` only holds such keys.
        let tag = Sodium.authTag(payload, key: keys.newest.bytes) ?? []
        return Sodium.base64URL(payload) + "." + Sodium.base64URL(tag)
    }

    /// The link `text` says, if one of the keys that verify at `now` signed it and it has not expired.
    public static func verified(_ text: String, keys: LinkKeys, at now: Date) throws(LinkRefusal) -> AnswerLink {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Sodium.bytes(base64URL: String(parts[0])), let tag = Sodium.bytes(base64URL: String(parts[1])),
            keys.verifying(at: now).contains(where: { Sodium.authVerify(tag, payload, key: $0.bytes) })
        else { throw LinkRefusal(.invalid) }
        let lines = String(decoding: payload, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == "1", let seconds = Int(lines[3]) else { throw LinkRefusal(.invalid) }
        let link = AnswerLink(presentation: String(lines[1]), person: String(lines[2]), expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
        guard now < link.expiresAt else { throw LinkRefusal(.expired, at: link.expiresAt) }
        return link
    }
}
