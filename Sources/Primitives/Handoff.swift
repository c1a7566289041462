/// A value that is not `Sendable`, moved to the thread that owns it from then on (a socket loop, a
/// libmicrohttpd handle): the one way a socket or a loop crosses to its thread. Whoever makes a
/// `Handoff` stops using the value.
public struct Handoff<Value>: @unchecked Sendable {  // moved once, then used by a single thread
    /// The value, for the receiving thread only.
    public let value: Value

    /// Wraps `value` for its move.
    public init(_ value: Value) {
        self.value = value
    }
}
