/// The error an error alert is about, in the shape of Foundation's `LocalizedError`.
public struct PresentedError: Sendable, Hashable {
    /// Stable machine-readable code, such as `destinationUnavailable`.
    public let code: String
    /// Becomes the alert's title.
    public let description: String
    /// Why it happened, shown under the title.
    public let failureReason: String?
    /// Becomes the alert's message when the author gave none.
    public let recoverySuggestion: String?

    /// An error with this code and texts.
    public init(code: String, description: String, failureReason: String? = nil, recoverySuggestion: String? = nil) {
        self.code = code
        self.description = description
        self.failureReason = failureReason
        self.recoverySuggestion = recoverySuggestion
    }
}
