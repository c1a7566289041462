public import Foundation

extension JSONWriter {
    /// Writes `"name":` and the value.
    public mutating func member(_ name: StaticString, _ value: some JSONWritable) throws {
        key(name)
        try value.write(to: &self)
    }

    /// Writes `"name":` and the value, or `null` when there is none (as `encode(_:forKey:)` writes a nil optional).
    public mutating func nullable(_ name: StaticString, _ value: (some JSONWritable)?) throws {
        key(name)
        if let value { try value.write(to: &self) } else { null() }
    }

    /// Writes `"name":` and the value when there is one, and nothing when not (as `encodeIfPresent` does).
    public mutating func field(_ name: StaticString, _ value: (some JSONWritable)?) throws {
        guard let value else { return }
        key(name)
        try value.write(to: &self)
    }

    /// Writes a dictionary as an object, its keys sorted by their UTF-8 bytes as the encoder sorts them.
    public mutating func object<Value: JSONWritable>(_ members: [String: Value]) throws {
        try beginObject()
        if members.count == 1, let (key, value) = members.first {
            self.key(key)
            try value.write(to: &self)
        } else {
            for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                self.key(key)
                try value.write(to: &self)
            }
        }
        endObject()
    }

    /// Writes an array of values.
    public mutating func array<Value: JSONWritable>(_ values: [Value]) throws {
        try beginArray()
        for value in values {
            element()
            try value.write(to: &self)
        }
        endArray()
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    /// Writes the elements as an array.
    public func write(to writer: inout JSONWriter) throws { try writer.array(self) }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// Writes the dictionary as an object with sorted keys.
    public func write(to writer: inout JSONWriter) throws { try writer.object(self) }
}

extension String: JSONWritable {
    /// Writes the string, quoted and escaped.
    public func write(to writer: inout JSONWriter) throws { writer.string(self) }
}

extension Int: JSONWritable {
    /// Writes the number in decimal.
    public func write(to writer: inout JSONWriter) throws { writer.integer(self) }
}

extension Int64: JSONWritable {
    /// Writes the number in decimal.
    public func write(to writer: inout JSONWriter) throws { writer.integer(self) }
}

extension Double: JSONWritable {
    /// Writes the number as the encoder does.
    public func write(to writer: inout JSONWriter) throws { try writer.number(self) }
}

extension Bool: JSONWritable {
    /// Writes `true` or `false`.
    public func write(to writer: inout JSONWriter) throws { writer.bool(self) }
}

extension Date: JSONWritable {
    /// Writes the date as `Timestamp.string`, quoted.
    public func write(to writer: inout JSONWriter) throws { writer.date(self) }
}
