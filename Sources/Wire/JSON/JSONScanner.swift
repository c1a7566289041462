import JSON
import Presentation

/// The pre-reader's single pass: an explicit stack instead of recursion, so depth costs no stack frames.
struct JSONScanner {
    private let bytes: UnsafeRawBufferPointer
    private let limits: JSONPreReader
    private var index = 0
    /// Open containers: for each, whether it is an object and how many keys it has had so far.
    private var open: [(isObject: Bool, keys: Int)] = []

    init(bytes: UnsafeRawBufferPointer, limits: JSONPreReader) {
        self.bytes = bytes
        self.limits = limits
    }

    private enum Expect { case value, key, afterValue }

    /// One value, then only whitespace.
    mutating func document() throws(JSONRefusal) {
        var expect = Expect.value
        while true {
            skipWhitespace()
            switch expect {
            case .value:
                expect = try value()
            case .key:
                guard peek == UInt8(ascii: "\"") else { throw refusal("expected a key in quotes") }
                try string()
                open[open.count - 1].keys += 1
                if open[open.count - 1].keys > limits.maxKeys {
                    throw JSONRefusal(.tooManyKeys, at: index, "an object has more than \(limits.maxKeys) keys")
                }
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw refusal("expected ':' after a key") }
                index += 1
                expect = .value
            case .afterValue:
                guard let container = open.last else {
                    guard index == bytes.count else { throw refusal("unexpected text after the JSON value") }
                    return
                }
                switch peek {
                case UInt8(ascii: ","):
                    index += 1
                    expect = container.isObject ? .key : .value
                case UInt8(ascii: "]") where !container.isObject, UInt8(ascii: "}") where container.isObject:
                    index += 1
                    open.removeLast()
                default:
                    throw refusal(container.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
        }
    }

    /// Reads a scalar, or opens a container; returns what comes next.
    private mutating func value() throws(JSONRefusal) -> Expect {
        guard let byte = peek else { throw refusal("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            guard open.count < limits.maxDepth else {
                throw JSONRefusal(.tooDeep, at: index, "arrays and objects are nested deeper than \(limits.maxDepth) levels")
            }
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: isObject ? "}" : "]") {
                index += 1
                return .afterValue
            }
            open.append((isObject, 0))
            return isObject ? .key : .value
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "t"):
            try literal("true")
        case UInt8(ascii: "f"):
            try literal("false")
        case UInt8(ascii: "n"):
            try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        default:
            throw refusal("unexpected character")
        }
        return .afterValue
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func literal(_ word: StaticString) throws(JSONRefusal) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw refusal("unexpected end of the text") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw refusal("unexpected character")
        }
        index += count
    }

    private mutating func number() throws(JSONRefusal) {
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else { throw refusal("a number needs a digit") }
        index += 1
        if first != UInt8(ascii: "0") { digits() }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let next = peek, isDigit(next) else { throw refusal("a fraction needs a digit") }
            digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let next = peek, isDigit(next) else { throw refusal("an exponent needs a digit") }
            digits()
        }
    }

    private mutating func digits() {
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func refusal(_ reason: String) -> JSONRefusal { JSONRefusal(.syntax, at: index, reason) }

    /// Reads a string from its opening quote through its closing one.
    private mutating func string() throws(JSONRefusal) {
        index += 1
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                throw refusal("a control character must be escaped in a string")
            case 0x80...:
                try utf8Sequence(byte)
            default:
                index += 1
            }
        }
        throw refusal("a string is not closed")
    }
}

extension JSONScanner {
    /// `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, or `\uXXXX` (surrogates in pairs).
    fileprivate mutating func escape() throws(JSONRefusal) {
        index += 1
        guard let byte = peek else { throw refusal("a string is not closed") }
        guard byte == UInt8(ascii: "u") else {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 1
                return
            default:
                throw refusal("unknown escape")
            }
        }
        index += 1
        let unit = try hexUnit()
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw refusal("a high surrogate must be followed by a low one")
            }
            index += 2
            guard (0xDC00...0xDFFF).contains(try hexUnit()) else { throw refusal("a high surrogate must be followed by a low one") }
        case 0xDC00...0xDFFF:
            throw refusal("a low surrogate without a high one")
        default:
            break
        }
    }

    private mutating func hexUnit() throws(JSONRefusal) -> UInt16 {
        guard let value = JSONHexUnit.read(bytes, at: index) else { throw refusal("\\u needs four hex digits") }
        index += 4
        return value
    }

    /// One multi-byte UTF-8 sequence starting with `lead`: no overlong forms, no surrogates, at most U+10FFFF.
    fileprivate mutating func utf8Sequence(_ lead: UInt8) throws(JSONRefusal) {
        let (count, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (count, secondRange) = (1, 0x80...0xBF)
        case 0xE0: (count, secondRange) = (2, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (count, secondRange) = (2, 0x80...0xBF)
        case 0xED: (count, secondRange) = (2, 0x80...0x9F)
        case 0xF0: (count, secondRange) = (3, 0x90...0xBF)
        case 0xF1...0xF3: (count, secondRange) = (3, 0x80...0xBF)
        case 0xF4: (count, secondRange) = (3, 0x80...0x8F)
        default: throw refusal("not UTF-8")
        }
        guard bytes.count - index > count else { throw refusal("not UTF-8") }
        guard secondRange.contains(bytes[index + 1]) else { throw refusal("not UTF-8") }
        for offset in stride(from: 2, through: count, by: 1) where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw refusal("not UTF-8")
        }
        index += count + 1
    }
}
