import Foundation
import JSON
import Presentation
public import Wire

/// An operation with its types erased, so a worker can announce it and run it from JSON.
public struct AnyJobOperation: Sendable {
    /// The operation's name.
    public let name: String
    /// What the worker tells the broker about it.
    public let announcement: OperationAnnouncement
    private let runner: @Sendable (RawJSON, JobContext) async throws -> RawJSON

    /// Wraps `operation`; throws when its name is not valid or its input schema cannot be derived.
    public init<O: JobOperation>(_ operation: O) throws {
        guard OperationAnnouncement.isValidName(O.name) else {
            throw JobError(code: "invalidOperation", message: "\"\(O.name)\" cannot name an operation: use 1–64 of A–Z a–z 0–9 _ . -")
        }
        name = O.name
        do {
            announcement = OperationAnnouncement(name: O.name, summary: O.summary, input: try O.inputSchema, catalog: O.catalog, uses: O.catalogUse)
        } catch {
            throw JobError(code: "invalidOperation", message: "\(O.name): \(error)")
        }
        runner = { input, context in
            let typed = try Self.decodeInput(O.Input.self, input, operation: O.name)
            return try RawJSON(encoding: try await operation.run(typed, in: context))
        }
    }

    /// Runs the operation on a JSON input (its bytes as the client sent them, decoded once into the typed
    /// `Input`) and returns its JSON output, as the encoder wrote it (the bytes the broker passes on); an input that does not decode throws a `JobError` with the
    /// code `invalidInput` naming the field that is wrong.
    public func run(_ input: RawJSON, in context: JobContext) async throws -> RawJSON {
        try await runner(input, context)
    }

    private static func decodeInput<T: Decodable>(_ type: T.Type, _ input: RawJSON, operation: String) throws -> T {
        do {
            return try input.decode(as: T.self)
        } catch let error as DecodingError {
            throw JobError(code: "invalidInput", message: "input for \(operation): \(error.readable)")
        }
    }
}

/// The operations a worker runs, by name.
public struct OperationRegistry: Sendable {
    /// The operations by name.
    public private(set) var operations: [String: AnyJobOperation] = [:]

    /// An empty registry.
    public init() {}

    /// Adds an operation; a second one with the same name replaces the first. Throws (`invalidOperation`)
    /// when the name is not valid or the input schema cannot be derived, so a worker never starts half-announced.
    public mutating func register<O: JobOperation>(_ operation: O) throws {
        operations[O.name] = try AnyJobOperation(operation)
    }

    /// The names, sorted.
    public var names: [String] { operations.keys.sorted() }

    /// What the worker announces, one per operation, by name.
    public var announcements: [OperationAnnouncement] { names.compactMap { operations[$0]?.announcement } }
}
