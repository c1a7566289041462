/// A parsed field pattern: what `PatternParser` reads and `PatternProgram` compiles.
indirect enum PatternNode: Sendable {
    /// Matches the empty string (an empty alternative or group).
    case empty
    /// One scalar of the set.
    case scalar(ScalarSet)
    /// `^`: only at the start of the value.
    case start
    /// `$`: only at the end of the value.
    case end
    /// Each in turn.
    case sequence([PatternNode])
    /// Any one of them.
    case alternation([PatternNode])
    /// The node `min` to `max` times (`nil`: no upper bound).
    case repetition(PatternNode, min: Int, max: Int?)
}
