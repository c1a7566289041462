import Foundation
import JSON
import Presentation
public import Wire

/// Where a job's questions, steps and progress go: the broker over ZeroMQ, or an in-memory harness in tests.
public protocol JobBackend: Sendable {
    /// Publishes a question and suspends until it is resolved.
    func present(job: String, attempt: Int, sequence: Int, draft: Presentation.Draft) async throws -> Resolution
    /// Makes a step's result durable before the job goes on; `value` is its JSON as the encoder wrote it.
    func recordStep(job: String, attempt: Int, name: String, value: RawJSON) async throws
    /// Takes back the pending question, if any.
    func withdraw(job: String, attempt: Int) async throws
    /// Reports progress; may be dropped or coalesced.
    func progress(job: String, attempt: Int, done: Int64, total: Int64)
}

/// A question the broker refused, or that could not be asked.
public struct PresentationRefused: Error, Sendable, CustomStringConvertible {
    /// Why the broker refused it.
    public let error: WireError
    /// A refusal for `error`.
    public init(_ error: WireError) { self.error = error }
    public var description: String { "the question was refused: \(error.message)" }
}
