/// The catalog keys an operation's questions and actions use, as its worker announces them (`uses`), so
/// the broker can tell a catalog's stray key and an untranslated action apart from the rest.
///
/// A question's (or a field's) key `k` is looked up as `k.title`, `k.message`, `k.failureReason` and (a
/// field's placeholder) `k.placeholder`, an action's as it is. With `uses` announced, the broker refuses a
/// catalog that defines a key none of them reaches, and one that ships a locale lacking an action key
/// (other than `action.ok` and `action.cancel`, which every resolver translates itself).
public struct CatalogUse: Codable, Sendable, Hashable {
    /// The keys of the operation's questions and text fields.
    public var questions: [String]
    /// The keys of the operation's actions.
    public var actions: [String]

    /// The keys `questions` and `actions` use, each once and sorted.
    public init(questions: [String], actions: [String]) {
        self.questions = Array(Set(questions)).sorted()
        self.actions = Array(Set(actions)).sorted()
    }

    /// The action keys every resolver translates itself, never looked up in an operation's catalog.
    public static let resolversOwn: Set<String> = ["action.ok", "action.cancel"]

    /// The parts a question's (or a text field's) key is looked up with.
    public static let questionParts = ["title", "message", "failureReason", "placeholder"]

    /// Whether `key`, defined in a catalog, is one a question or an action looks up.
    public func reaches(_ key: String) -> Bool {
        let key = Catalog.baseKey(of: key)
        if actions.contains(key) || questions.contains(key) { return true }
        return Self.questionParts.contains { part in
            key.hasSuffix(".\(part)") && questions.contains(String(key.dropLast(part.count + 1)))
        }
    }

    /// The problems of `catalog` under this use, sorted: keys nothing uses, and action keys a locale lacks.
    public func problems(of catalog: Catalog) -> [String] {
        let unused = Set(catalog.tables.values.flatMap(\.keys)).filter { !reaches($0) }.sorted().map {
            "the catalog key \"\($0)\" is used by no question or action"
        }
        let missing = catalog.tables.keys.sorted().flatMap { locale in
            actions.filter { !Self.resolversOwn.contains($0) && catalog.tables[locale]?[$0] == nil && catalog.tables[locale]?[$0 + "#other"] == nil }.map {
                "the action key \"\($0)\" is missing from the catalog's \"\(locale)\" texts"
            }
        }
        return unused + missing
    }
}
