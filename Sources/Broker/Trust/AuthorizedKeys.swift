import Foundation
public import ZeroMQ

/// The keys the broker admits, from the authorized keys file: one `ROLE NAME PUBLIC_KEY [GROUP,…]` per line.
///
/// Blank lines and lines starting with `#` are ignored. A key may appear on several lines to hold
/// several roles, always under the same name; one name may have several keys (for rotation).
public struct AuthorizedKeys: Sendable, Hashable {
    /// Every identity, by its key's Z85 text (the user id the ZAP handler gives its connections).
    public private(set) var identities: [String: Identity] = [:]

    /// No keys: every CURVE handshake is refused.
    public init() {}

    /// Parses the file's text; `source` names it in errors.
    public init(parsing text: String, source: String) throws(AuthorizedKeysError) {
        var lineNumbers: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = index + 1
            func fail(_ problem: String) -> AuthorizedKeysError { AuthorizedKeysError(source: source, line: number, problem: problem) }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard (3...4).contains(fields.count) else { throw fail("expected ROLE NAME PUBLIC_KEY [GROUP,…], got \(fields.count) field(s)") }
            guard let role = Role(rawValue: fields[0]) else {
                throw fail("unknown role \"\(fields[0])\"; roles: \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let name = fields[1]
            guard Self.isName(name) else { throw fail("name \"\(name)\" must be 1 to 64 letters, digits, '.', '_', '-' or '@'") }
            guard let key = CurvePublicKey(z85: fields[2]) else { throw fail("\"\(fields[2])\" is not a public key (40 Z85 characters)") }
            let groups = fields.count == 4 ? fields[3].split(separator: ",").map(String.init) : []
            if let bad = groups.first(where: { !Self.isName($0) }) { throw fail("group \"\(bad)\" must be 1 to 64 letters, digits, '.', '_', '-' or '@'") }
            if let earlier = identities[key.z85] {
                guard earlier.name == name else {
                    throw fail("this key is already \"\(earlier.name)\" on line \(lineNumbers[key.z85] ?? 0); a key has one name")
                }
                identities[key.z85] = Identity(
                    name: name, roles: earlier.roles.union([role]), groups: earlier.groups + groups.filter { !earlier.groups.contains($0) }, key: key)
            } else {
                identities[key.z85] = Identity(name: name, roles: [role], groups: groups, key: key)
                lineNumbers[key.z85] = number
            }
        }
    }

    /// Reads and parses the file at `path`.
    public static func load(_ path: String) throws(AuthorizedKeysError) -> AuthorizedKeys {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuthorizedKeysError(
                source: path, line: nil, problem: "cannot be read (set authorizedKeysFile to the file `interlude keygen` keys are listed in)")
        }
        return try AuthorizedKeys(parsing: String(decoding: data, as: UTF8.self), source: path)
    }

    /// The identity whose key the ZAP handler recorded as a connection's user id.
    public subscript(userID: String) -> Identity? { identities[userID] }

    /// The ZAP handler's answer for a handshake on the broker socket of `domain`.
    public func admission(_ request: ZAPRequest) -> ZAPDecision {
        guard let key = request.publicKey, let identity = identities[key.z85] else {
            return .refuse(reason: "unknown key")
        }
        guard let domain = BrokerDomain(rawValue: request.domain), identity.mayConnect(to: domain) else {
            return .refuse(reason: "key \"\(identity.name)\" may not connect to \(request.domain)")
        }
        return .admit(userID: key.z85)
    }

    /// Whether `text` can be a key's name or group: 1 to 64 ASCII letters, digits, `.`, `_`, `-` or `@`.
    public static func isName(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-@".unicodeScalars.contains(scalar))
            }
    }
}

/// An authorized keys file that cannot be used, naming the file and the line.
public struct AuthorizedKeysError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public let source: String
    /// The line, counting from 1, when one line is at fault.
    public let line: Int?
    /// What is wrong.
    public let problem: String

    /// `authorized keys FILE line N: PROBLEM`.
    public var description: String {
        "authorized keys \(source)\(line.map { " line \($0)" } ?? ""): \(problem)"
    }
}
