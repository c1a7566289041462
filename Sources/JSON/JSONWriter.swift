public import Foundation
import Primitives

/// A value that writes its own JSON, byte for byte what `JSONCoding.encoder` writes for it, without
/// `Codable`'s boxing and dynamic casts; the hot path's messages and journal rows use it.
public protocol JSONWritable {
    /// Appends this value's JSON to `writer`.
    func write(to writer: inout JSONWriter) throws
}

/// A byte buffer that JSON is appended to, in `JSONCoding.encoder`'s exact form: keys sorted by their
/// UTF-8 bytes, slashes and non-ASCII unescaped, dates as `Timestamp.string`, nil optionals as each
/// type's `encode(to:)` writes them.
///
/// Objects are written key by key in sorted order by the caller: `beginObject()`, `key("a")`, a value,
/// `key("b")`, a value, `endObject()`; commas are the writer's business.
public struct JSONWriter {
    /// The JSON written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next key or array element is the first of its container (no comma before it).
    private var first = true
    /// How many containers are open; past `maximumDepth` the value is refused, as the encoder refuses it.
    private var depth = 0

    /// Containers nested deeper than this are refused, like Foundation's encoder does.
    public static let maximumDepth = 512

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON of `value`, as `JSONCoding.encoder.encode(value)` would give it.
    public static func encode(_ value: some JSONWritable, capacity: Int = 512) throws -> Data {
        var writer = JSONWriter(capacity: capacity)
        try value.write(to: &writer)
        return Data(writer.bytes)
    }

    /// The JSON of `value` as text, for a journal column.
    public static func text(_ value: some JSONWritable, capacity: Int = 512) throws -> String {
        var writer = JSONWriter(capacity: capacity)
        try value.write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// How many bytes the JSON of `value` takes, without copying them out.
    public static func size(of value: some JSONWritable, capacity: Int = 512) throws -> Int {
        var writer = JSONWriter(capacity: capacity)
        try value.write(to: &writer)
        return writer.bytes.count
    }

    /// Opens an object.
    public mutating func beginObject() throws {
        try open(UInt8(ascii: "{"))
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// Opens an array.
    public mutating func beginArray() throws {
        try open(UInt8(ascii: "["))
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes `"name":` (with a comma before it unless it is the object's first key); `name` needs no escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes a key that is not known in advance (a dictionary's), escaped like any string.
    public mutating func key(_ name: String) {
        separate()
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Marks the start of an array element: a comma unless it is the first.
    public mutating func element() {
        separate()
    }

    /// Splices in a value's JSON as it is (a `RawJSON`'s bytes, already checked): the bytes are not re-read.
    public mutating func splice(_ json: Data) {
        bytes.append(contentsOf: json)
    }

    /// Writes `null`.
    public mutating func null() {
        append("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Writes a whole number in decimal.
    public mutating func integer(_ value: Int64) {
        let start = bytes.count
        var magnitude = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes[start...].reverse()
    }

    /// Writes a whole number in decimal.
    public mutating func integer(_ value: Int) {
        integer(Int64(value))
    }

    /// Writes a double as the encoder does: its shortest `description`, without a trailing `.0`; NaN and
    /// the infinities are refused, as the encoder refuses them.
    public mutating func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        // Below 10^15 a whole double's description is its digits and ".0" (from 2^53 on it has an exponent).
        if value.magnitude < 1e15, let whole = Int64(exactly: value), !(value == 0 && value.sign == .minus) {
            integer(whole)
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a date as `Timestamp.string`, quoted.
    public mutating func date(_ value: Date) {
        bytes.append(UInt8(ascii: "\""))
        Timestamp.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string, quoted and escaped as the encoder does: `"` and `\`, the named control
    /// characters (`\b \f \n \r \t`), other control characters as `\u00XX`; everything else as it is.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if index > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                escape(byte)
                start = index + 1
            }
            if utf8.count > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        let backslash = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), backslash:
            bytes.append(backslash)
            bytes.append(byte)
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            append("\\u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func open(_ bracket: UInt8) throws {
        depth += 1
        guard depth < Self.maximumDepth else {
            throw EncodingError.invalidValue(
                bracket, .init(codingPath: [], debugDescription: "Too many nested arrays or dictionaries."))
        }
        bytes.append(bracket)
        first = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        bytes.append(bracket)
        first = false
    }

    private mutating func separate() {
        if first {
            first = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
    }
}
