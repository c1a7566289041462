public import Foundation
import Primitives

extension JSONReader {
    /// One value of a readable type.
    public mutating func read<T: JSONReadable>(_ type: T.Type = T.self) throws(JSONReadError) -> T {
        try T(reading: &self)
    }

    /// `nil` for `null`, otherwise one value of a readable type (as `decodeIfPresent` reads a present key).
    public mutating func readIfPresent<T: JSONReadable>(_ type: T.Type = T.self) throws(JSONReadError) -> T? {
        if try readNull() { return nil }
        return try T(reading: &self)
    }
}

extension String: JSONReadable {
    /// A JSON string.
    public init(reading reader: inout JSONReader) throws(JSONReadError) { self = try reader.readString() }
}

extension Bool: JSONReadable {
    /// `true` or `false`.
    public init(reading reader: inout JSONReader) throws(JSONReadError) { self = try reader.readBool() }
}

extension Int: JSONReadable {
    /// A whole number that fits.
    public init(reading reader: inout JSONReader) throws(JSONReadError) { self = try reader.readInteger() }
}

extension Int64: JSONReadable {
    /// A whole number that fits.
    public init(reading reader: inout JSONReader) throws(JSONReadError) { self = try reader.readInteger() }
}

extension Double: JSONReadable {
    /// A finite number.
    public init(reading reader: inout JSONReader) throws(JSONReadError) { self = try reader.readDouble() }
}

extension Date: JSONReadable {
    /// A `Timestamp` text, as `JSONCoding.decoder` reads dates.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        let text = try reader.readString()
        guard let date = Timestamp.date(text) else {
            throw JSONReadError(offset: start, reason: "expected an ISO 8601 date, got \"\(text)\"")
        }
        self = date
    }
}

extension Array: JSONReadable where Element: JSONReadable {
    /// A JSON array of readable elements.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var elements: [Element] = []
        try reader.readArray { reader throws(JSONReadError) in elements.append(try Element(reading: &reader)) }
        self = elements
    }
}

extension Dictionary: JSONReadable where Key == String, Value: JSONReadable {
    /// A JSON object of readable values; the first of repeated keys wins.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var object: [String: Value] = [:]
        try reader.readObject { reader, key throws(JSONReadError) in object[key] = try Value(reading: &reader) }
        self = object
    }
}

extension JSONReadable where Self: RawRepresentable, RawValue == String {
    /// One of the enumeration's raw values.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        let text = try reader.readString()
        guard let value = Self(rawValue: text) else {
            throw JSONReadError(offset: start, reason: "\"\(text)\" is not a \(Self.self)")
        }
        self = value
    }
}
