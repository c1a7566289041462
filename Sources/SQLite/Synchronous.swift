/// How hard SQLite works to make each commit durable (`PRAGMA synchronous`); the `synchronous`
/// setting's values are this type's raw values, parsed once where settings are read.
public enum Synchronous: String, Sendable, Hashable, CaseIterable {
    /// Every commit survives power loss.
    case full
    /// Commits survive a crash of the process; in WAL mode the last ones may be lost on power loss.
    case normal
    /// No syncing; for scratch databases only, never a setting.
    case off

    /// The values the `synchronous` setting accepts.
    public static let settings: [Synchronous] = [.full, .normal]

    /// The pragma's argument.
    var pragma: String { rawValue.uppercased() }
}
