extension JSONReader {
    /// Skips one value as a strict reader does, checking all of it: RFC 8259 grammar, each string's escapes
    /// and UTF-8, each number's digits, nesting and keys per object within the limits. Nothing is built but
    /// a string that holds an escape or a byte past ASCII.
    mutating func skipChecked() throws(JSONReadError) {
        switch try next() {
        case UInt8(ascii: "{"):
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
                try skipChecked()
                guard try next() == UInt8(ascii: ",") || peek == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                if try closes(UInt8(ascii: "}")) { return }
            }
        case UInt8(ascii: "["):
            try readArray { reader throws(JSONReadError) in try reader.skipChecked() }
        case UInt8(ascii: "\""): try checkString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberToken()
        default: throw error("unexpected character")
        }
    }
}
