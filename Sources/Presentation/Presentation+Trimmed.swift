import JSON

extension Presentation {
    /// The same presentation without its item snapshot: what a listing shows of a presentation too
    /// large to travel whole (one journaled before sizes were limited).
    public func trimmed() -> Presentation {
        Presentation(copying: self, item: nil)
    }

    private init(copying other: Presentation, item: JSONValue?) {
        id = other.id
        job = other.job
        sequence = other.sequence
        kind = other.kind
        title = other.title
        titleVisibility = other.titleVisibility
        message = other.message
        actions = other.actions
        fields = other.fields
        audience = other.audience
        self.item = item
        error = other.error
        localization = other.localization
        escalation = other.escalation
        escalatedAt = other.escalatedAt
        onExpiry = other.onExpiry
        createdAt = other.createdAt
        expiresAt = other.expiresAt
    }
}
