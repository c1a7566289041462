import Foundation

/// Why an answer policy file was refused, with the JSON path of the offending value.
public struct PolicyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake the file has.
    public enum Code: String, Sendable, Hashable {
        case unreadableFile, invalidJSON, missingField, wrongType, unknownField
        case unknownKind, unknownRole, emptyRules, invalidAnswer
    }

    /// The kind of mistake.
    public let code: Code
    /// Where in the file: `$` for the whole document, `$.rules[1].match.kind` for a value in it.
    public let path: String
    /// What is wrong, in words.
    public let detail: String

    /// An error at `path` (already formatted).
    public init(_ code: Code, path: String, _ detail: String) {
        self.code = code
        self.path = path
        self.detail = detail
    }

    /// An error at a decoder's coding path.
    init(_ code: Code, at codingPath: [any CodingKey], _ detail: String) {
        self.init(code, path: Self.path(codingPath), detail)
    }

    /// `invalid answer policy at $.rules[1].match.kind: unknown kind "sheet"; expected alert or confirmationDialog`.
    public var description: String { "invalid answer policy at \(path): \(detail)" }

    /// `$.rules[1].match` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)" }
    }

    /// The same mistake reported by `JSONDecoder`, said in this type's words.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(.missingField, at: context.codingPath + [key], "required field is missing")
        case .valueNotFound(_, let context):
            self.init(.missingField, at: context.codingPath, "required value is null")
        case .typeMismatch(let type, let context):
            self.init(.wrongType, at: context.codingPath, "expected \(Self.name(type))")
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            self.init(.invalidJSON, at: context.codingPath, context.debugDescription + underlying)
        @unknown default:
            self.init(.invalidJSON, path: "$", "\(error)")
        }
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }
}
