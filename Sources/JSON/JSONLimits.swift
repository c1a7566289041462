/// How much one JSON text from outside may hold: the `maxJsonDepth` and `maxJsonKeys` settings.
///
/// A reader given limits reads RFC 8259 exactly (no trailing comma, no byte order mark, every value it skips
/// checked in full: grammar, UTF-8, escapes) and refuses deeper nesting or more keys in one object where it
/// meets them, so reading costs no more than the text's size and the limits allow.
public struct JSONLimits: Sendable, Hashable {
    /// Deepest nesting of arrays and objects accepted; at most `JSONReader.maxDepth` (512) is enforced.
    public var maxDepth: Int
    /// Most keys one object may have, repeated keys counted.
    public var maxKeys: Int

    /// Limits of 64 levels and 1,000 keys per object by default.
    public init(maxDepth: Int = 64, maxKeys: Int = 1_000) {
        self.maxDepth = maxDepth
        self.maxKeys = maxKeys
    }

    /// The defaults of the settings.
    public static let standard = JSONLimits()
}
