@_exported import Presentation

/// A kind of job a worker runs: a name, a typed input and output, and an async body that may ask questions.
///
/// An operation's author imports `WorkerKit` alone: it brings the presentation model (`Localization`,
/// `JSONValue`, `Catalog`) with it.
public protocol Operation: Sendable {
    associatedtype Input: Codable & Sendable
    associatedtype Output: Codable & Sendable

    /// The name clients submit, such as `removeDownload`.
    static var name: String { get }

    /// Runs the job. Ask with `job.present(…)`, record side effects with `job.step(…)`.
    /// Throw a `JobError` to fail with a code a person can act on; cancellation arrives as task cancellation.
    func run(_ input: Input, in job: JobContext) async throws -> Output
}
