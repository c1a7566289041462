import Foundation

extension JSONReader {
    /// A string, with its escapes resolved; its bytes must be valid UTF-8.
    public mutating func readString() throws(JSONReadError) -> String {
        guard try next() == UInt8(ascii: "\"") else { try typeMismatch("a string") }
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let text = try text(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), ascii: ascii, at: start)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                return try escapedString(from: start)
            case 0..<0x20:
                throw error("a control character must be escaped in a string")
            case 0x80...:
                ascii = false
            default:
                break
            }
            index += 1
        }
        throw error("a string is not closed")
    }

    private func text(_ buffer: UnsafeRawBufferPointer, ascii: Bool, at offset: Int) throws(JSONReadError) -> String {
        // Typed bytes take the standard library's fast path (a raw buffer goes through its generic, slow one).
        if ascii { return String(decoding: buffer.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
        guard let text = String(validating: buffer.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw JSONReadError(offset: offset, reason: "a string is not valid UTF-8")
        }
        return text
    }

    /// The slow path, once a backslash is seen: the string is rebuilt byte by byte.
    private mutating func escapedString(from start: Int) throws(JSONReadError) -> String {
        var buffer = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        var ascii = !buffer.contains { $0 >= 0x80 }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let text = buffer.withUnsafeBytes { raw in Result { () throws(JSONReadError) in try self.text(raw, ascii: ascii, at: start) } }
                return try text.get()
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &buffer)
                continue
            case 0..<0x20:
                throw error("a control character must be escaped in a string")
            case 0x80...:
                ascii = false
            default:
                break
            }
            buffer.append(byte)
            index += 1
        }
        throw error("a string is not closed")
    }

    /// One escape after its backslash; `\u` escapes are written as UTF-8, surrogates in pairs.
    private mutating func escape(into buffer: inout [UInt8]) throws(JSONReadError) {
        guard let byte = peek else { throw error("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexUnit())
            switch scalar {
            case 0xD800...0xDBFF:
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low one")
                }
                index += 2
                let low = UInt32(try hexUnit())
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate must be followed by a low one") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw error("a low surrogate without a high one")
            default:
                break
            }
            buffer.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error("unknown escape")
        }
    }

    private mutating func hexUnit() throws(JSONReadError) -> UInt16 {
        guard let value = JSONHexUnit.read(bytes, at: index) else { throw error("\\u needs four hex digits") }
        index += 4
        return value
    }
}

extension JSONReader {
    /// A whole number that fits `T`, read as `JSONDecoder` reads it (see `JSONReader+Numbers.swift`).
    public mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(JSONReadError) -> T {
        let start = try numberStart()
        let token = try numberToken()
        guard let value = Self.integer(T.self, bytes, token) else {
            throw JSONReadError(offset: start, reason: "a number does not fit \(T.self)")
        }
        return value
    }

    /// A finite number that does not round to zero unless it is zero.
    public mutating func readDouble() throws(JSONReadError) -> Double {
        let start = try numberStart()
        let token = try numberToken()
        guard let double = Self.double(bytes, token.range) else {
            throw JSONReadError(offset: start, reason: "a number is out of range")
        }
        return double
    }

    private mutating func numberStart() throws(JSONReadError) -> Int {
        let byte = try next()
        guard byte == UInt8(ascii: "-") || Self.isDigit(byte) else { try typeMismatch("a number") }
        return index
    }

    /// Reads a number's text by the JSON grammar: its byte range, and whether it has neither fraction nor exponent.
    mutating func numberToken() throws(JSONReadError) -> NumberToken {
        let start = index
        var isInteger = true
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, Self.isDigit(first) else { throw error("a number needs a digit") }
        index += 1
        if first != UInt8(ascii: "0") { digits() }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let next = peek, Self.isDigit(next) else { throw error("a fraction needs a digit") }
            digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let next = peek, Self.isDigit(next) else { throw error("an exponent needs a digit") }
            digits()
        }
        return NumberToken(range: start..<index, isInteger: isInteger)
    }

    private mutating func digits() {
        while let byte = peek, Self.isDigit(byte) { index += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// Where a number's text is, and whether it is plain digits (no fraction, no exponent).
struct NumberToken {
    let range: Range<Int>
    let isInteger: Bool
}
