@_exported import JSON
@_exported import Presentation
@_exported import Schema

/// A kind of job a worker runs: a name, a typed input and output, and an async body that may ask questions.
///
/// A worker announces each of its operations to the broker (name, summary, input schema, texts); the
/// broker knows no other. An operation's author imports `WorkerKit` alone: it brings the presentation
/// model (`Localization`, `JSONValue`, `Catalog`) and `JSONSchema` with it.
public protocol JobOperation: Sendable {
    /// The job's input, decoded from the JSON a client submits.
    associatedtype Input: Codable & Sendable
    /// The job's output, encoded as the JSON its result carries.
    associatedtype Output: Codable & Sendable

    /// The name clients submit, such as `removeDownload`: 1–64 of `A–Z a–z 0–9 _ . -`.
    static var name: String { get }

    /// One line for people, such as "Remove a downloaded track"; the web page shows it as the job's title.
    static var summary: String { get }

    /// The JSON Schema the broker checks every input against before anything is queued.
    ///
    /// By default derived from `Input`'s decoding (`JSONSchema(deriving:)`). Write it when the decoding
    /// cannot show a rule (a length, a bound) or cannot be followed; the worker still decodes every input
    /// and fails a job whose input does not decode with `invalidInput`.
    static var inputSchema: JSONSchema { get throws }

    /// The texts of the operation's questions in each language it ships: locale → catalog key → template.
    /// Resolvers get them from the broker and fall back to the author's text for a missing key.
    static var catalog: Catalog { get }

    /// The catalog keys the operation's questions and actions use; the worker announces them so the broker
    /// refuses a catalog key no question uses and an action a shipped language lacks. `nil` (the default)
    /// announces none, and the broker checks only what it can see by itself.
    ///
    /// ```swift
    /// static let catalogUse: CatalogUse? = CatalogUse(questions: ["greet.confirm"], choices: Choice.self)
    /// ```
    static var catalogUse: CatalogUse? { get }

    /// Runs the job. Ask with `job.present(…)`, record side effects with `job.step(…)`.
    /// Throw a `JobError` to fail with a code a person can act on; cancellation arrives as task cancellation.
    /// The body starts on the worker's connection thread and stays there until it first suspends, and it
    /// goes on there after a wait that thread ends (an answer, a step's acknowledgement): begin long
    /// computation, at the start or after such a wait, with `await Task.yield()`, so the worker's heartbeats
    /// and other jobs go on meanwhile.
    func run(_ input: Input, in job: JobContext) async throws -> Output
}

extension JobOperation {
    /// The schema derived from `Input`.
    public static var inputSchema: JSONSchema {
        get throws { try JSONSchema(deriving: Input.self) }
    }

    /// No translations: resolvers show the author's text.
    public static var catalog: Catalog { Catalog([:]) }

    /// No keys announced.
    public static var catalogUse: CatalogUse? { nil }
}
