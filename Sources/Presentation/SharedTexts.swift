/// Texts and actions that many presentations repeat, kept once: thousands of pending questions that ask
/// the same thing in the same words share one copy of their title, message, actions and localization.
///
/// Bounded: past `capacity` distinct values of a kind it keeps what it has and shares nothing new, so
/// questions whose texts are all different cost no more than they did.
public struct SharedTexts: Sendable {
    private var strings: [String: String] = [:]
    private var actions: [[Action]: [Action]] = [:]
    private var localizations: [Localization: Localization] = [:]
    /// The most distinct values of each kind kept.
    public let capacity: Int

    /// An empty table keeping at most `capacity` values of each kind.
    public init(capacity: Int = 1_024) {
        self.capacity = capacity
    }

    /// The kept copy of `text`, or `text` itself.
    public mutating func share(_ text: String) -> String { Self.share(text, in: &strings, capacity) }

    /// The kept copy of `actions`, or `actions` itself.
    public mutating func share(_ actions: [Action]) -> [Action] { Self.share(actions, in: &self.actions, capacity) }

    /// The kept copy of `localization`, or `localization` itself.
    public mutating func share(_ localization: Localization) -> Localization { Self.share(localization, in: &localizations, capacity) }

    private static func share<Value: Hashable>(_ value: Value, in table: inout [Value: Value], _ capacity: Int) -> Value {
        if let kept = table[value] { return kept }
        if table.count < capacity { table[value] = value }
        return value
    }
}

extension Presentation {
    /// The same presentation with its title, message, actions and localization taken from `texts` where
    /// an equal one is kept there, and `job` as the caller's copy of the same id.
    public func sharing(_ texts: inout SharedTexts, job: String) -> Presentation {
        Presentation(
            copying: self, job: job == self.job ? job : self.job, title: texts.share(title), message: message.map { texts.share($0) },
            actions: texts.share(actions), localization: localization.map { texts.share($0) })
    }

    private init(copying other: Presentation, job: String, title: String, message: String?, actions: [Action], localization: Localization?) {
        id = other.id
        self.job = job
        sequence = other.sequence
        kind = other.kind
        self.title = title
        titleVisibility = other.titleVisibility
        self.message = message
        self.actions = actions
        fields = other.fields
        audience = other.audience
        item = other.item
        error = other.error
        self.localization = localization
        createdAt = other.createdAt
        expiresAt = other.expiresAt
        escalation = other.escalation
        escalatedAt = other.escalatedAt
        onExpiry = other.onExpiry
    }
}
