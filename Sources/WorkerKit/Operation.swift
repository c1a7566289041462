import Foundation
import Presentation
import Wire

/// A kind of job a worker runs: a name, a typed input and output, and an async body that may ask questions.
public protocol Operation: Sendable {
    associatedtype Input: Codable & Sendable
    associatedtype Output: Codable & Sendable

    /// The name clients submit, such as `removeDownload`.
    static var name: String { get }

    /// Runs the job. Ask with `job.present(…)`, record side effects with `job.step(…)`.
    /// Throw a `JobError` to fail with a code a person can act on; cancellation arrives as task cancellation.
    func run(_ input: Input, in job: JobContext) async throws -> Output
}

/// An error an operation can show as an error alert, in the shape of `LocalizedError`.
public protocol PresentableError: Error, Sendable {
    /// A stable code, such as `destinationUnavailable`.
    var code: String { get }
    /// The alert's title.
    var errorDescription: String { get }
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
