public import Presentation

/// Which catalog keys an operation's announcement may define: its own, never another operation's or
/// the texts every resolver and the page translate themselves.
///
/// Keys are named as the shipped operations name them: a question's and a field's key start with the
/// operation's name (`removeDownload.confirm`, `exportProject.folder`), an action's with `action.`
/// (`action.remove`), a failure's with `error.`. An announcement of `name` may define keys in its own
/// namespace `name.…` and in the shared `action.…` and `error.…` ones, except:
/// - a shared key (`action.ok`, `action.cancel`, and every `page.…`, `resolver.…` and `session.…` key);
/// - a shipped key of another operation (`action.remove` belongs to `removeDownload`);
/// - a key in the namespace of another known operation whose name is shorter (`greet.x` may not define
///   `greet.x.title` when `greet` is known: that key is `greet`'s).
///
/// Texts are looked up in the question's own operation's catalog on every surface; this rule keeps an
/// announcement from even claiming another's texts, so a refusal says so where it is made.
public struct CatalogKeys: Sendable, Hashable {
    /// The shipped operations, whose namespaces are known before any of them is announced.
    public let shippedOperations: Set<String>
    /// The shipped operations' keys outside their own namespace, each with the operation that owns it.
    public let shippedKeys: [String: String]

    /// The rule for a broker whose shipped operations announce `shipped` (the broker links no operation:
    /// `interlude broker` hands it the shipped operations' announcements).
    public init(shipped: [OperationAnnouncement]) {
        shippedOperations = Set(shipped.map(\.name))
        var keys: [String: String] = [:]
        for announcement in shipped {
            for key in announcement.catalog.tables.values.flatMap(\.keys) where !key.hasPrefix(announcement.name + ".") {
                keys[key] = announcement.name
            }
        }
        shippedKeys = keys
    }

    /// The rule with no shipped operation: only shared keys and other known operations' namespaces are refused.
    public static let none = CatalogKeys(shipped: [])

    /// Keys no announcement may define: the buttons the model adds by itself.
    public static let sharedKeys: Set<String> = ["action.ok", "action.cancel"]

    /// Namespaces no announcement may define keys in: the page's and the resolvers' own texts.
    public static let sharedNamespaces = ["page.", "resolver.", "session."]

    /// Namespaces any operation may define keys in, for its own questions only.
    public static let commonNamespaces = ["action.", "error."]

    /// The keys of `catalog`, in any locale, that an announcement of `operation` may not define, sorted;
    /// `known` holds the other operations the broker knows (the shipped ones count always).
    public func offending(_ catalog: Catalog, of operation: String, known: Set<String> = []) -> [String] {
        let keys = Set(catalog.tables.values.flatMap(\.keys))
        let others = known.union(shippedOperations).subtracting([operation])
        return keys.filter { !mayDefine($0, operation: operation, others: others) }.sorted()
    }

    private func mayDefine(_ key: String, operation: String, others: Set<String>) -> Bool {
        if Self.sharedKeys.contains(key) || Self.sharedNamespaces.contains(where: key.hasPrefix) { return false }
        if let owner = shippedKeys[key] { return owner == operation }
        if Self.commonNamespaces.contains(where: key.hasPrefix) { return true }
        guard key.hasPrefix(operation + ".") else { return false }
        return !others.contains { key.hasPrefix($0 + ".") && $0.count < operation.count }
    }
}

extension WireError {
    /// The refusal of an announcement of `operation` whose catalog defines `keys` it may not.
    public static func offendingKeys(_ keys: [String], of operation: String) -> WireError {
        let shown = keys.prefix(20).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = keys.count > 20 ? " and \(keys.count - 20) more" : ""
        return WireError(
            .invalidAnnouncement,
            "the announcement of \(operation) was refused: its catalog defines \(keys.count) key\(keys.count == 1 ? "" : "s") that "
                + "belong to other operations or to every resolver (\(shown)\(more)); an operation defines only "
                + "\(operation).… keys and action.… or error.… keys no other operation ships")
    }
}

extension WireError {
    /// The refusal of an announcement of `operation`, naming each of its `problems`.
    public static func invalidAnnouncement(of operation: String, _ problems: [String]) -> WireError {
        let shown = problems.prefix(20).joined(separator: "; ")
        let more = problems.count > 20 ? "; and \(problems.count - 20) more" : ""
        return WireError(.invalidAnnouncement, "the announcement of \(operation) was refused: \(shown)\(more)")
    }
}
