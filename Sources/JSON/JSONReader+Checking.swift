extension JSONReader {
    /// Skips one value as a strict reader does, checking all of it: RFC 8259 grammar, each string's escapes
    /// and UTF-8, each number's digits, nesting and keys per object within the limits. Nothing is built.
    mutating func skipChecked() throws(JSONReadError) {
        switch try next() {
        case UInt8(ascii: "{"): try skipCheckedObject()
        case UInt8(ascii: "["): try skipCheckedArray()
        case let byte: try skipCheckedScalar(byte)
        }
    }

    /// One member's or element's value: a scalar in place, a container by recursion.
    @inline(__always)
    private mutating func skipCheckedMember() throws(JSONReadError) {
        let byte = try next()
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { try skipChecked() } else { try skipCheckedScalar(byte) }
    }

    private mutating func skipCheckedObject() throws(JSONReadError) {
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
            try checkString()
            try count(&keys)
            guard try next() == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            try skipCheckedMember()
            guard try next() == UInt8(ascii: ",") || peek == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            if try closes(UInt8(ascii: "}")) { return }
        }
    }

    private mutating func skipCheckedArray() throws(JSONReadError) {
        try enter()
        index += 1
        if try next() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            try skipCheckedMember()
            guard try next() == UInt8(ascii: ",") || peek == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            if try closes(UInt8(ascii: "]")) { return }
        }
    }

    /// A string, literal or number starting with `byte`.
    @inline(__always)
    private mutating func skipCheckedScalar(_ byte: UInt8) throws(JSONReadError) {
        switch byte {
        case UInt8(ascii: "\""): try checkString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberToken()
        default: throw error("unexpected character")
        }
    }
}

extension JSONReader {
    /// Steps over a string from its opening quote through its closing one, checking what `readString` checks
    /// (escapes, surrogates in pairs, no control character, UTF-8: no overlong form, no surrogate, at most
    /// U+10FFFF) without building it.
    mutating func checkString() throws(JSONReadError) {
        let start = index
        // Printable ASCII, the most of every string, in a tight loop over locals.
        let bytes = self.bytes
        var at = index + 1
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                index = at + 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            at += 1
        }
        index = at
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                try checkEscape()
            case 0..<0x20:
                throw error("a control character must be escaped in a string")
            case 0x80...:
                guard let count = Self.utf8Sequence(bytes, at: index) else { throw JSONReadError(offset: start, reason: "a string is not valid UTF-8") }
                index += count
            default:
                index += 1
            }
        }
        throw error("a string is not closed")
    }

    /// One escape from its backslash: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, or `\uXXXX` (surrogates in pairs).
    private mutating func checkEscape() throws(JSONReadError) {
        index += 1
        guard let byte = peek else { throw error("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            switch try checkedHexUnit() {
            case 0xD800...0xDBFF:
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low one")
                }
                index += 2
                guard (0xDC00...0xDFFF).contains(try checkedHexUnit()) else { throw error("a high surrogate must be followed by a low one") }
            case 0xDC00...0xDFFF:
                throw error("a low surrogate without a high one")
            default:
                return
            }
        default:
            throw error("unknown escape")
        }
    }

    private mutating func checkedHexUnit() throws(JSONReadError) -> UInt16 {
        guard let value = JSONHexUnit.read(bytes, at: index) else { throw error("\\u needs four hex digits") }
        index += 4
        return value
    }

    /// The length of the well-formed multi-byte UTF-8 sequence at `index` (Unicode's table 3-7), or nil.
    private static func utf8Sequence(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
        let (count, second): (Int, ClosedRange<UInt8>)
        switch bytes[index] {
        case 0xC2...0xDF: (count, second) = (2, 0x80...0xBF)
        case 0xE0: (count, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (count, second) = (3, 0x80...0xBF)
        case 0xED: (count, second) = (3, 0x80...0x9F)
        case 0xF0: (count, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (count, second) = (4, 0x80...0xBF)
        case 0xF4: (count, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard bytes.count - index >= count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return count
    }
}
