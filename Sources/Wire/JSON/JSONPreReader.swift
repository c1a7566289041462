import Foundation

/// Reads JSON once, byte by byte, before any decoder sees it: the grammar (RFC 8259), UTF-8, the
/// nesting depth and the number of keys per object. Its cost is linear in the size of the text and
/// its memory is linear in the depth limit, so a hostile body is refused before it can cost more.
public struct JSONPreReader: Sendable, Hashable {
    /// Deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// Most keys one object may have.
    public var maxKeys: Int

    /// A reader with the given limits (64 levels, 1,000 keys per object by default).
    public init(maxDepth: Int = 64, maxKeys: Int = 1_000) {
        self.maxDepth = maxDepth
        self.maxKeys = maxKeys
    }

    /// Checks `data`; throws where and why it is refused.
    public func check(_ data: Data) throws(JSONRefusal) {
        let outcome = data.withUnsafeBytes { bytes -> JSONRefusal? in
            var scanner = JSONScanner(bytes: bytes, limits: self)
            do throws(JSONRefusal) {
                try scanner.document()
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
    }

    /// Checks UTF-8 text.
    public func check(_ text: String) throws(JSONRefusal) {
        try check(Data(text.utf8))
    }
}

/// Why the pre-reader refused a text, and the byte offset where it noticed.
public struct JSONRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of refusal.
    public enum Kind: String, Sendable, Hashable {
        /// Not JSON: a syntax or encoding error.
        case syntax
        /// Arrays and objects nested deeper than the limit.
        case tooDeep
        /// An object with more keys than the limit.
        case tooManyKeys
    }

    /// What was wrong.
    public let kind: Kind
    /// The byte offset where the reader stopped.
    public let offset: Int
    /// One line for a person.
    public let reason: String

    /// A refusal at `offset`.
    public init(_ kind: Kind, at offset: Int, _ reason: String) {
        self.kind = kind
        self.offset = offset
        self.reason = reason
    }

    /// `reason at byte N`.
    public var description: String { "\(reason) at byte \(offset)" }
}
