import Foundation
import Presentation
import Wire

/// An operation with its types erased, so a worker can run it from JSON.
public struct AnyOperation: Sendable {
    public let name: String
    private let validator: @Sendable (JSONValue) throws -> Void
    private let runner: @Sendable (JSONValue, JobContext) async throws -> JSONValue

    public init<O: Operation>(_ operation: O) {
        name = O.name
        validator = { input in _ = try Self.decodeInput(O.Input.self, input, operation: O.name) }
        runner = { input, context in
            let typed = try Self.decodeInput(O.Input.self, input, operation: O.name)
            return try JSONValue(encoding: try await operation.run(typed, in: context))
        }
    }

    /// Refuses an input that does not decode, with the field that is wrong.
    public func validate(_ input: JSONValue) throws(WireError) {
        do { try validator(input) } catch let error as JobError { throw WireError(.invalidInput, error.message) } catch {
            throw WireError(.invalidInput, "\(error)")
        }
    }

    /// Runs the operation on a JSON input and returns its JSON output.
    public func run(_ input: JSONValue, in context: JobContext) async throws -> JSONValue {
        try await runner(input, context)
    }

    private static func decodeInput<T: Decodable>(_ type: T.Type, _ input: JSONValue, operation: String) throws -> T {
        do {
            return try input.decode(as: T.self)
        } catch let error as DecodingError {
            throw JobError(code: "invalidInput", message: "input for \(operation): \(error.readable)")
        }
    }
}

/// The operations a worker runs, by name.
public struct OperationRegistry: Sendable {
    public private(set) var operations: [String: AnyOperation] = [:]

    public init() {}

    /// Adds an operation; a second one with the same name replaces the first.
    public mutating func register<O: Operation>(_ operation: O) {
        operations[O.name] = AnyOperation(operation)
    }

    /// The names, sorted.
    public var names: [String] { operations.keys.sorted() }

    /// Checks that `operation` exists and `input` decodes for it; nothing is queued otherwise.
    public func validate(operation: String, input: JSONValue) throws(WireError) {
        guard let found = operations[operation] else {
            throw WireError(.unknownOperation, "unknown operation \"\(operation)\"; known: \(names.joined(separator: ", "))")
        }
        try found.validate(input)
    }
}
