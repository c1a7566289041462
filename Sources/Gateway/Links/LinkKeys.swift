public import Foundation
import Sodium

/// The keys answer links are signed with, newest last: new links use the newest; a key replaced less
/// than `grace` ago still verifies, so links given out just before a rotation keep working.
///
/// The key file has one key a line, `<created, Unix seconds> <32 bytes, base64>`; `#` starts a comment.
public struct LinkKeys: Sendable, Hashable {
    /// One signing key and when it was made.
    public struct Key: Sendable, Hashable {
        /// When it was made (the key before it stops verifying `grace` later).
        public let created: Date
        /// The 32 secret bytes.
        let bytes: [UInt8]

        /// A key of `bytes` made at `created`.
        public init(created: Date, bytes: [UInt8]) {
            self.created = created
            self.bytes = bytes
        }
    }

    /// Every key, oldest first; never empty.
    public let keys: [Key]
    /// How long a replaced key still verifies.
    public let grace: TimeInterval

    /// Keys from a key file's text; nil when it holds no valid key line (a malformed line is an error).
    public init(text: String, grace: TimeInterval) throws(LinkKeyError) {
        var keys: [Key] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, let seconds = Int(parts[0]), let bytes = Sodium.bytes(base64: String(parts[1])),
                bytes.count == Sodium.authKeyBytes
            else { throw LinkKeyError("line \(number + 1) is not \"<created seconds> <32-byte base64 key>\"") }
            keys.append(Key(created: Date(timeIntervalSince1970: TimeInterval(seconds)), bytes: bytes))
        }
        guard !keys.isEmpty else { throw LinkKeyError("it holds no key") }
        self.init(keys: keys, grace: grace)
    }

    /// These keys (sorted oldest first), `grace` as above.
    public init(keys: [Key], grace: TimeInterval) {
        precondition(!keys.isEmpty, "LinkKeys needs a key")
        self.keys = keys.sorted { $0.created < $1.created }
        self.grace = grace
    }

    /// The key new links are signed with.
    var newest: Key { keys[keys.count - 1] }

    /// The keys that verify at `now`: the newest, and each older one whose successor is younger than `grace`.
    func verifying(at now: Date) -> [Key] {
        keys.indices.filter { index in
            index == keys.count - 1 || now.timeIntervalSince(keys[index + 1].created) < grace
        }.map { keys[$0] }
    }

    /// The line a key file holds for a new key made at `now`.
    public static func newLine(at now: Date = Date()) -> String {
        "\(Int(now.timeIntervalSince1970)) \(Sodium.base64(Sodium.authKey()))\n"
    }
}

/// Why a link key file could not be used.
public struct LinkKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with it.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
