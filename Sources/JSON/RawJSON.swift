public import Foundation

/// One JSON value kept as the UTF-8 bytes it was spelled with: a job's input as its client sent it, a job's
/// output and a step's value as its worker wrote them.
///
/// It is checked once where it enters (the bytes of a whole message by the strict `JSONReader` that reads it, the
/// CLI's `--input` and the gateway's body by `init(validating:)`, a worker's output and step values by the
/// broker's reader of the worker's message); after that it is passed on as it is: the
/// `JSONWriter` splices its bytes into a message or a journal row, and the `JSONReader` takes it back by
/// slicing the value's byte range out of the text, without building a tree. Spaces, escapes and number
/// spellings (`1.0e2`, `"\u00e9"`) survive every hop.
///
/// Equality and hashing are value-wise, as for `JSONValue` (and as an idempotency key's request digest compares
/// inputs): `{"a": 1.0e2}` equals `{"a":100}`. Bytes that are the same are equal without being read; to tell
/// spellings apart, compare `bytes`. `Codable` (tests, the listing pages) goes through `JSONValue`, so it
/// writes the value in the encoder's spelling; the hot path never uses it.
public struct RawJSON: Sendable, Hashable, CustomStringConvertible {
    /// The value's bytes: one JSON value, no whitespace around it.
    public let bytes: Data

    /// Bytes already known to hold one well-formed JSON value with nothing around it.
    public init(unchecked bytes: Data) {
        self.bytes = bytes
    }

    /// The value as `JSONWriter` (the encoder's spelling) writes it; throws for what it refuses (a number
    /// that is not finite, nesting past its limit).
    public init(_ value: JSONValue) throws {
        bytes = try JSONWriter.encode(value, capacity: 64)
    }

    /// `value` as `JSONCoding.encoder` writes it, kept as those bytes without building a tree: a worker's step
    /// value or output, written once where it leaves the operation.
    public init(encoding value: some Encodable) throws {
        bytes = try JSONCoding.encoder.encode(value)
    }

    /// Checks `data` in full (grammar, UTF-8, escapes, numbers in range: what `JSONCoding.decoder` accepts)
    /// as one value with only whitespace around it, and keeps the value's own bytes.
    public init(validating data: Data) throws(JSONReadError) {
        let outcome: Result<Data, JSONReadError> = data.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            do throws(JSONReadError) {
                reader.skipByteOrderMark()
                let range = try reader.checkedRange()
                reader.skipWhitespace()
                guard reader.index == buffer.count else { throw reader.error("unexpected text after the JSON value") }
                return .success(Self.copy(buffer, range))
            } catch {
                return .failure(error)
            }
        }
        bytes = try outcome.get()
    }

    /// The value as a tree (a full read of the bytes).
    public var value: JSONValue {
        get throws(JSONReadError) { try JSONReader.read(JSONValue.self, from: bytes) }
    }

    /// Decodes the bytes as `T` with `JSONCoding.decoder`: the one decoding between the client and an operation.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONCoding.decoder.decode(T.self, from: bytes)
    }

    /// The UTF-8 text.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes of `range` in storage of their own (a small value inline, without an allocation), so the
    /// value does not keep the message it came in alive.
    static func copy(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Data {
        guard let base = buffer.baseAddress, !range.isEmpty else { return Data() }
        return Data(bytes: base + range.lowerBound, count: range.count)
    }

    /// The same JSON value, however spelled; bytes that do not read (never from a reader here) compare as bytes.
    public static func == (lhs: RawJSON, rhs: RawJSON) -> Bool {
        if lhs.bytes == rhs.bytes { return true }
        guard let left = try? lhs.value, let right = try? rhs.value else { return false }
        return left == right
    }

    /// The value's hash (so equal values hash alike whatever their spelling).
    public func hash(into hasher: inout Hasher) {
        if let value = try? value { hasher.combine(value) } else { hasher.combine(bytes) }
    }

    /// `null`.
    public static let null = RawJSON(unchecked: Data("null".utf8))

    /// `{}`: the input of a job that was given none.
    public static let emptyObject = RawJSON(unchecked: Data("{}".utf8))
}

extension RawJSON {
    /// A value written from code, as literals are (`.object(["n": .integer(1)])`); traps on a value
    /// `JSONWriter` refuses (a number that is not finite), which a literal never is.
    public static func literal(_ value: JSONValue) -> RawJSON {
        do {
            return try RawJSON(value)
        } catch {
            preconditionFailure("\(value) cannot be written as JSON: \(error)")
        }
    }

    /// An object written from code.
    public static func object(_ members: [String: JSONValue]) -> RawJSON { literal(.object(members)) }
    /// An array written from code.
    public static func array(_ elements: [JSONValue]) -> RawJSON { literal(.array(elements)) }
    /// A string written from code.
    public static func string(_ text: String) -> RawJSON { literal(.string(text)) }
    /// A whole number written from code.
    public static func integer(_ value: Int64) -> RawJSON { literal(.integer(value)) }
    /// A number written from code.
    public static func number(_ value: Double) -> RawJSON { literal(.number(value)) }
    /// A boolean written from code.
    public static func bool(_ value: Bool) -> RawJSON { literal(.bool(value)) }
}

extension RawJSON: JSONReadable {
    /// The next value's bytes, sliced out of the text: checked as `JSONValue` reads it (so it accepts what
    /// `JSONCoding.decoder` accepts), without building it.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        _ = try reader.next()
        let start = reader.index
        try reader.checkValue()
        self.init(unchecked: Self.copy(reader.bytes, start..<reader.index))
    }
}

extension RawJSON: JSONWritable {
    /// Splices the bytes in as they are.
    public func write(to writer: inout JSONWriter) throws {
        writer.splice(bytes)
    }
}

extension RawJSON: Codable {
    /// Reads any JSON value and keeps it in the encoder's spelling (a `Decoder` does not hand out bytes).
    public init(from decoder: any Decoder) throws {
        try self.init(JSONValue(from: decoder))
    }

    /// Writes the value (in the encoder's spelling: an `Encoder` takes no bytes).
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

extension JSONReader {
    /// Reads past the next value, refusing what `JSONValue(reading:)` refuses (grammar, escapes, UTF-8, numbers
    /// out of range, nesting, the first of repeated keys used and the others only skipped), without building it:
    /// a string of plain ASCII is only scanned, a number only converted.
    public mutating func checkValue() throws(JSONReadError) {
        switch try next() {
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "\""): try checkString()
        case UInt8(ascii: "["): try readArray { reader throws(JSONReadError) in try reader.checkValue() }
        case UInt8(ascii: "{"): try readObject { reader, _ throws(JSONReadError) in try reader.checkValue() }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            let token = try numberToken()
            guard Self.integer(Int64.self, bytes, token) != nil || Self.double(bytes, token.range) != nil else {
                throw JSONReadError(offset: start, reason: "a number is out of range")
            }
        default:
            throw error("unexpected character")
        }
    }

    /// Reads the next value in full, checking it as `JSONValue` does, and returns its byte range.
    mutating func checkedRange() throws(JSONReadError) -> Range<Int> {
        _ = try next()
        let start = index
        try checkValue()
        return start..<index
    }

    /// Reads the next value in full, as `JSONValue` reads it, and keeps its bytes beside it.
    public mutating func readValueAndBytes() throws(JSONReadError) -> (value: JSONValue, raw: RawJSON) {
        _ = try next()
        let start = index
        let value = try JSONValue(reading: &self)
        return (value, RawJSON(unchecked: RawJSON.copy(bytes, start..<index)))
    }
}
