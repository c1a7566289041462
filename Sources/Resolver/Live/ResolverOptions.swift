import Presentation

/// How a resolver run answers and reports: who it answers as, by policy or by a person, and in which form.
public struct ResolverOptions: Sendable {
    /// Who answers, recorded in every resolution (`--as`, default the user name).
    public var identity: String
    /// The channel recorded with every answer.
    public var channel = "cli"
    /// Answers what it decides without asking; the rest goes to the person, or is left.
    public var policy: AnswerPolicy?
    /// Handles only what is pending at start, then returns.
    public var once = false
    /// One JSON line per presentation seen and per answer or closure, instead of text.
    public var json = false
    /// A person answers at a terminal (raw-mode keys).
    public var interactive = false
    /// The language of dialogs and messages, such as `es` or `en_GB.UTF-8`.
    public var locale = Catalog.fallbackLocale
    /// No terminal bell when a question arrives (`--quiet`).
    public var quiet = false
    /// Whether dialogs use ANSI styles.
    public var colour = false
    /// The terminal width in columns.
    public var width = 80
    /// How long without an event or heartbeat counts as lost contact: the resolver then subscribes
    /// again and catches up with the journal.
    public var silence: Duration = .seconds(5)

    /// Options answering as `identity`, with every other option at its default.
    public init(identity: String) {
        self.identity = identity
    }
}

/// How a resolver run ended.
public enum ResolverOutcome: Sendable, Hashable {
    /// It quit, or finished what `once` asked; every answer it sent took effect.
    case finished
    /// At least one of its answers was refused: someone answered first, or the question was stale.
    case answersRefused
}
