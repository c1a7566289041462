import Foundation
import JSON

extension SchemaRecorder {
    /// A value of `T` to hand back to the decoding type, and the schema of `T`.
    static func placeholder<T: Decodable>(
        _ type: T.Type, codingPath: [any CodingKey], depth: Int
    ) throws -> (value: T, schema: JSONSchema) {
        if let (value, schema) = leaf(T.self) { return (value as! T, schema) }  // `leaf` answers only for T itself
        if let (value, schema) = try enumeration(T.self, codingPath: codingPath) { return (value, schema) }
        guard depth < maximumDepth else {
            throw failure(codingPath, "nested more than \(maximumDepth) levels deep (a recursive type?)")
        }
        let recorder = SchemaRecorder(codingPath: codingPath, depth: depth + 1)
        let value: T
        do {
            value = try T(from: recorder)
        } catch let error as SchemaDerivationError {
            throw error
        } catch {
            if let described = T.self as? any SchemaDescribing.Type {
                return (try sample(T.self, described.jsonSchema, codingPath), described.jsonSchema)
            }
            throw failure(codingPath, "its decoding refused a placeholder value (\(error))")
        }
        let schema = (T.self as? any SchemaDescribing.Type)?.jsonSchema ?? recorder.finish()
        return (value, schema)
    }

    /// Placeholders and schemas of the types JSON has a word for, and of Foundation's usual leaves.
    private static func leaf<T>(_ type: T.Type) -> (Any, JSONSchema)? {
        switch type {
        case is String.Type: ("", .string())
        case is Bool.Type: (false, .boolean())
        case is Double.Type: (0 as Double, .number())
        case is Float.Type: (0 as Float, .number())
        case is Decimal.Type: (Decimal(0), .number())
        case is Int.Type: (0 as Int, .integer())
        case is Int8.Type: (0 as Int8, .integer(minimum: Int64(Int8.min), maximum: Int64(Int8.max)))
        case is Int16.Type: (0 as Int16, .integer(minimum: Int64(Int16.min), maximum: Int64(Int16.max)))
        case is Int32.Type: (0 as Int32, .integer(minimum: Int64(Int32.min), maximum: Int64(Int32.max)))
        case is Int64.Type: (0 as Int64, .integer())
        case is UInt.Type: (0 as UInt, .integer(minimum: 0))
        case is UInt8.Type: (0 as UInt8, .integer(minimum: 0, maximum: Int64(UInt8.max)))
        case is UInt16.Type: (0 as UInt16, .integer(minimum: 0, maximum: Int64(UInt16.max)))
        case is UInt32.Type: (0 as UInt32, .integer(minimum: 0, maximum: Int64(UInt32.max)))
        case is UInt64.Type: (0 as UInt64, .integer(minimum: 0))
        case is Date.Type: (Date(timeIntervalSince1970: 0), .string(description: "a date and time, ISO 8601"))
        case is URL.Type: (URL(fileURLWithPath: "/"), .string(description: "a URL"))
        case is UUID.Type: (UUID(), .string(minLength: 36, maxLength: 36, description: "a UUID"))
        case is Data.Type: (Data(), .string(description: "bytes, Base64"))
        case is JSONValue.Type: (JSONValue.null, JSONSchema())
        default: nil
        }
    }

    /// A `CaseIterable` type with raw values: its first case, and `enum` listing every raw value.
    private static func enumeration<T>(_ type: T.Type, codingPath: [any CodingKey]) throws -> (T, JSONSchema)? {
        guard let iterable = T.self as? any CaseIterable.Type else { return nil }
        let cases = allCases(of: iterable)
        let raw = cases.compactMap { value -> Any? in (value as? any RawRepresentable).map { rawValue($0) } }
        guard let first = cases.first as? T, raw.count == cases.count else { return nil }
        var schema = JSONSchema()
        if let strings = raw as? [String] {
            schema = .string(oneOf: strings)
        } else if case let numbers = raw.compactMap({ ($0 as? any BinaryInteger).flatMap { Int64(exactly: $0) } }),
            numbers.count == raw.count
        {
            schema = .integer()
            schema.enum = numbers.map(JSONValue.integer)
        } else {
            throw failure(codingPath, "\(T.self) has raw values that are neither strings nor integers")
        }
        return (first, schema)
    }

    private static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] { Array(type.allCases) }
    private static func rawValue<R: RawRepresentable>(_ value: R) -> Any { value.rawValue }

    /// A value of `T` decoded from an example of `schema`, for types that describe themselves.
    private static func sample<T: Decodable>(_ type: T.Type, _ schema: JSONSchema, _ codingPath: [any CodingKey]) throws -> T {
        do {
            return try schema.example.decode(as: T.self)
        } catch {
            throw failure(codingPath, "an example of its own schema does not decode (\(error))")
        }
    }

    static func failure(_ codingPath: [any CodingKey], _ reason: String) -> SchemaDerivationError {
        SchemaDerivationError(type: "", path: codingPath.map(\.stringValue).joined(separator: "."), reason: reason)
    }
}
