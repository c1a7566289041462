extension Duration {
    /// The whole milliseconds in it, rounded down; never negative.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(0, seconds.multipliedReportingOverflow(by: 1000).overflow ? .max : seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
