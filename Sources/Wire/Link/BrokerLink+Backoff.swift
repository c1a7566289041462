extension BrokerLink {
    /// How long to wait before reopening after consecutive failures.
    public struct Backoff: Sendable, Hashable {
        /// The wait after the first failure.
        public var initial: Duration
        /// The longest wait.
        public var maximum: Duration

        /// Waits from `initial`, doubling up to `maximum`.
        public init(initial: Duration, maximum: Duration) {
            self.initial = initial
            self.maximum = maximum
        }

        /// The wait after the `failures`th consecutive failure (1 for the first).
        public func delay(after failures: Int) -> Duration {
            guard failures > 1 else { return initial }
            var delay = initial
            for _ in 1..<min(failures, 32) where delay < maximum { delay *= 2 }
            return min(delay, maximum)
        }
    }
}
