extension Presentation {
    /// The same presentation without its item snapshot: what a listing shows of a presentation too
    /// large to travel whole (one journaled before sizes were limited).
    public func trimmed() -> Presentation {
        var trimmed = self
        trimmed.item = nil
        return trimmed
    }
}
