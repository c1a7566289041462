public import Foundation

/// A value the hand-written JSON reader builds in one pass over the bytes, accepting what
/// `JSONCoding.decoder` accepts for it and giving the same value.
public protocol JSONReadable {
    /// Reads one value of this type at the reader's position.
    init(reading reader: inout JSONReader) throws(JSONReadError)
}

/// A single pass over UTF-8 JSON bytes, straight into values: no intermediate tree, no `Codable` boxing.
///
/// Without limits it follows Foundation's `JSONDecoder` as Interlude configures it: RFC 8259 grammar with
/// trailing commas, top-level scalars, at most 512 levels of nesting, the first of repeated keys, integers that
/// must be exact, numbers converted as it converts them, dates as `Timestamp` text. Given `JSONLimits`, as for
/// every text from outside, it is also the one check of that text: RFC 8259 exactly, and nesting and keys per
/// object within the limits, refused where they are passed (`check` reads a text for that alone).
public struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public internal(set) var index = 0
    var depth = 0
    /// Whether the text is read as RFC 8259 says exactly (limits were given), rather than as `JSONDecoder` reads it.
    let strict: Bool
    /// The deepest nesting accepted.
    let depthLimit: Int
    /// The most keys one object may have.
    let keyLimit: Int

    /// Foundation's own limit on nesting, the deepest any reader accepts.
    public static let maxDepth = 512

    /// A reader at the start of `bytes`, which must stay valid while it reads; with `limits`, it reads strictly.
    public init(_ bytes: UnsafeRawBufferPointer, limits: JSONLimits? = nil) {
        self.bytes = bytes
        strict = limits != nil
        depthLimit = min(limits?.maxDepth ?? Self.maxDepth, Self.maxDepth)
        keyLimit = limits?.maxKeys ?? Int.max
    }

    /// Reads `data` as one `T`, then only whitespace; with `limits`, strictly and within them.
    public static func read<T: JSONReadable>(_ type: T.Type, from data: Data, limits: JSONLimits? = nil) throws(JSONReadError) -> T {
        let outcome: Result<T, JSONReadError> = data.withUnsafeBytes { read(type, $0, limits) }
        return try outcome.get()
    }

    /// Reads UTF-8 `text` as one `T`, then only whitespace; with `limits`, strictly and within them.
    public static func read<T: JSONReadable>(_ type: T.Type, from text: String, limits: JSONLimits? = nil) throws(JSONReadError) -> T {
        var text = text
        let outcome: Result<T, JSONReadError> = text.withUTF8 { read(type, UnsafeRawBufferPointer($0), limits) }
        return try outcome.get()
    }

    /// Reads UTF-8 `bytes` (valid during the call) as one `T`, then only whitespace; with `limits`, strictly.
    public static func read<T: JSONReadable>(
        _ type: T.Type, from bytes: UnsafeRawBufferPointer, limits: JSONLimits? = nil
    ) throws(JSONReadError) -> T {
        try read(type, bytes, limits).get()
    }

    /// Checks `data` as one JSON value under `limits` without building it: RFC 8259 grammar, UTF-8, escapes,
    /// nesting and keys per object, in one pass; for a text a `JSONDecoder` or another process reads next.
    public static func check(_ data: Data, limits: JSONLimits) throws(JSONReadError) {
        _ = try read(Checked.self, from: data, limits: limits)
    }

    /// Checks UTF-8 `text` as `check(_:limits:)` checks bytes.
    public static func check(_ text: String, limits: JSONLimits) throws(JSONReadError) {
        _ = try read(Checked.self, from: text, limits: limits)
    }

    /// Any one value, skipped (checked in full by a strict reader).
    private struct Checked: JSONReadable {
        init(reading reader: inout JSONReader) throws(JSONReadError) { try reader.skipValue() }
    }

    private static func read<T: JSONReadable>(_ type: T.Type, _ bytes: UnsafeRawBufferPointer, _ limits: JSONLimits?) -> Result<T, JSONReadError> {
        var reader = JSONReader(bytes, limits: limits)
        do throws(JSONReadError) {
            if !reader.strict { reader.skipByteOrderMark() }
            let value = try T(reading: &reader)
            reader.skipWhitespace()
            guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// A refusal at the current position.
    public func error(_ reason: String) -> JSONReadError { JSONReadError(offset: index, reason: reason) }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Steps over a UTF-8 byte order mark at the start, as `JSONDecoder` does.
    public mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Steps over JSON whitespace.
    @inline(__always)
    public mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The next significant byte, after whitespace.
    @inline(__always)
    mutating func next() throws(JSONReadError) -> UInt8 {
        skipWhitespace()
        guard let byte = peek else { throw error("unexpected end of the text") }
        return byte
    }

    /// Consumes `null` when it comes next; the position is unchanged otherwise.
    public mutating func readNull() throws(JSONReadError) -> Bool {
        guard try next() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// `true` or `false`.
    public mutating func readBool() throws(JSONReadError) -> Bool {
        switch try next() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            try typeMismatch("a boolean")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw error("unexpected end of the text") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("unexpected character")
        }
        index += count
    }

    /// Throws that the next value is not of the expected kind.
    func typeMismatch(_ expected: String) throws(JSONReadError) -> Never {
        throw error("expected \(expected)")
    }

    /// Reads an object, handing each key to `body`, which must read (or skip) its value; a repeated key's
    /// value is checked and skipped, as the first of repeated keys wins in `JSONDecoder`.
    public mutating func readObject(_ body: (inout JSONReader, String) throws(JSONReadError) -> Void) throws(JSONReadError) {
        var seen = SeenKeys()
        try readEveryMember { reader, key, _ throws(JSONReadError) in
            if seen.insert(key) { try body(&reader, key) } else { try reader.skipValue() }
        }
    }

    /// Reads an object as `readObject` does, but hands `body` every key, a repeated one too, with the offset of
    /// its opening quote: for readers that refuse a repeated key rather than ignore it.
    public mutating func readEveryMember(_ body: (inout JSONReader, String, Int) throws(JSONReadError) -> Void) throws(JSONReadError) {
        guard try next() == UInt8(ascii: "{") else { try typeMismatch("an object") }
        try enter()
        index += 1
        if try next() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        var keys = 0
        while true {
            guard try next() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let offset = index
            let key = try readString()
            try count(&keys)
            guard try next() == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            try body(&self, key, offset)
            guard try next() == UInt8(ascii: ",") || peek == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            if try closes(UInt8(ascii: "}")) { return }
        }
    }

    /// Reads an array, calling `body` once per element, which must read (or skip) it.
    public mutating func readArray(_ body: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        guard try next() == UInt8(ascii: "[") else { try typeMismatch("an array") }
        try enter()
        index += 1
        if try next() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            try body(&self)
            guard try next() == UInt8(ascii: ",") || peek == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            if try closes(UInt8(ascii: "]")) { return }
        }
    }

    mutating func enter() throws(JSONReadError) {
        depth += 1
        if depth > depthLimit {
            throw JSONReadError(offset: index, reason: "arrays and objects are nested deeper than \(depthLimit) levels", limit: .depth)
        }
    }

    /// Counts one more key of an object, refusing one past the limit.
    mutating func count(_ keys: inout Int) throws(JSONReadError) {
        keys += 1
        if keys > keyLimit { throw JSONReadError(offset: index, reason: "an object has more than \(keyLimit) keys", limit: .keys) }
    }

    /// Reads and discards one value. A strict reader checks it in full (`skipChecked`); otherwise it is checked
    /// only as far as `JSONDecoder` checks a value it does not use: its structure and literals, but not its
    /// numbers' digits nor its strings' escapes and UTF-8.
    public mutating func skipValue() throws(JSONReadError) {
        if strict { return try skipChecked() }
        switch try next() {
        case UInt8(ascii: "{"): try skipContainer(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["): try skipContainer(closing: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            index += 1
            while let byte = peek,
                Self.isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            {
                index += 1
            }
        default: throw error("unexpected character")
        }
    }

    private mutating func skipContainer(closing: UInt8) throws(JSONReadError) {
        let isObject = closing == UInt8(ascii: "}")
        try enter()
        index += 1
        if try next() == closing {
            index += 1
            depth -= 1
            return
        }
        while true {
            if isObject {
                guard try next() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                try skipString()
                guard try next() == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                index += 1
            }
            try skipValue()
            guard try next() == UInt8(ascii: ",") || peek == closing else { throw error("expected ',' or a closing bracket") }
            if try closes(closing) { return }
        }
    }

    /// After a value: consumes a comma (and a trailing one before the end, which `JSONDecoder` allows and a
    /// strict reader refuses), or the end.
    mutating func closes(_ closing: UInt8) throws(JSONReadError) -> Bool {
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            guard try next() == closing else { return false }
            if strict { throw error(closing == UInt8(ascii: "}") ? "expected a key in quotes" : "unexpected character") }
        }
        index += 1
        depth -= 1
        return true
    }

    /// From the opening quote through the closing one; a `\u` must have four more bytes, none a quote.
    private mutating func skipString() throws(JSONReadError) {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "u") {
                    guard bytes.count - index > 4, !bytes[(index + 1)...(index + 4)].contains(UInt8(ascii: "\"")) else {
                        throw error("\\u needs four hex digits")
                    }
                    index += 4
                }
                index += 1
            default:
                index += 1
            }
        }
        throw error("a string is not closed")
    }
}

/// The keys of one object so far: a list while short, a set once long; keys that come in ascending order (as
/// every writer here writes them) are known new without a search.
struct SeenKeys {
    private var list: [String] = []
    private var set: Set<String>?
    /// Whether every key so far came after the one before: how the writers here write them (sorted).
    private var ascending = true

    /// Whether `key` is new.
    mutating func insert(_ key: String) -> Bool {
        // A key after the greatest so far is new without a search.
        if ascending, list.last.map({ $0 < key }) ?? true {
            list.append(key)
            return true
        }
        ascending = false
        if set == nil {
            if list.count < 16 {
                if list.contains(key) { return false }
                list.append(key)
                return true
            }
            set = Set(list)
        }
        return set!.insert(key).inserted
    }
}

/// Why the JSON reader refused a text, and the byte offset where it noticed.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset where the reader stopped.
    public let offset: Int
    /// One line for a person.
    public let reason: String
    /// The limit the text went past; nil when it is not JSON, or not of the shape expected.
    public let limit: Limit?

    /// The limits of `JSONLimits`.
    public enum Limit: Sendable, Hashable {
        /// Arrays and objects nested deeper than `maxDepth`.
        case depth
        /// An object with more keys than `maxKeys`.
        case keys
    }

    /// A refusal at `offset`.
    public init(offset: Int, reason: String, limit: Limit? = nil) {
        self.offset = offset
        self.reason = reason
        self.limit = limit
    }

    /// `reason at byte N`.
    public var description: String { "\(reason) at byte \(offset)" }
}
