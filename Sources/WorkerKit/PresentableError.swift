import Presentation

/// An error an operation can show as an error alert, in the shape of `LocalizedError`.
public protocol PresentableError: Error, Sendable {
    /// A stable code, such as `destinationUnavailable`.
    var code: String { get }
    /// The alert's title.
    var errorDescription: String { get }
    /// Why it happened; resolvers show it under the title.
    var failureReason: String? { get }
    /// The alert's message when none is given.
    var recoverySuggestion: String? { get }
    /// Catalog key and arguments so resolvers can translate the alert.
    var localization: Localization? { get }
}

extension PresentableError {
    public var failureReason: String? { nil }
    public var recoverySuggestion: String? { nil }
    public var localization: Localization? { nil }

    /// The error as presentations carry it.
    public var presented: PresentedError {
        PresentedError(code: code, description: errorDescription, failureReason: failureReason, recoverySuggestion: recoverySuggestion)
    }
}
