import Foundation

/// Who a question is for: user names and groups. An answer from anyone else is refused (`forbidden`)
/// and recorded as refused; a question without an audience is for anyone who may answer.
public struct Audience: Sendable, Hashable, CustomStringConvertible {
    /// Names answers are recorded under (a token's or a key's name, or `--as` without credentials).
    public let users: [String]
    /// Groups of tokens and keys (`tokens`' fourth part, the authorized keys file's last column).
    public let groups: [String]

    /// An audience of these user names and groups.
    public init(users: [String] = [], groups: [String] = []) {
        self.users = users
        self.groups = groups
    }

    /// The members of group `name`.
    public static func group(_ name: String) -> Audience { Audience(groups: [name]) }

    /// The person called `name`.
    public static func user(_ name: String) -> Audience { Audience(users: [name]) }

    /// Whether someone called `name`, in `groups`, is in the audience.
    public func includes(name: String, groups theirs: [String]) -> Bool {
        users.contains(name) || groups.contains { theirs.contains($0) }
    }

    /// `users ana, bob; groups ops`.
    public var description: String {
        [users.isEmpty ? nil : "users \(users.joined(separator: ", "))", groups.isEmpty ? nil : "groups \(groups.joined(separator: ", "))"]
            .compactMap { $0 }.joined(separator: "; ")
    }

    /// The problem with the audience, or nil: at least one name, at most 32, each 1–64 letters, digits, `-_.@`.
    public var problem: String? {
        let all = users + groups
        if all.isEmpty { return "an audience names at least one user or group" }
        if all.count > 32 { return "an audience names at most 32 users and groups, got \(all.count)" }
        if let bad = all.first(where: { $0.isEmpty || $0.count > 64 || !$0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) } }) {
            return "audience name \"\(bad)\" must be 1 to 64 letters, digits, '-', '_', '.' or '@'"
        }
        return nil
    }

    /// `ana,bob,group:ops` as an audience (the `--for` option); nil for a malformed list.
    public init?(list: String) {
        var users: [String] = []
        var groups: [String] = []
        for part in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            if part.hasPrefix("group:") { groups.append(String(part.dropFirst(6))) } else { users.append(part) }
        }
        self.init(users: users, groups: groups)
        if problem != nil { return nil }
    }
}
