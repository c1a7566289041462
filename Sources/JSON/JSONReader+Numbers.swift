import Foundation

/// Numbers as Foundation's `JSONDecoder` converts them, rule for rule, so both read the same values.
///
/// A `Double` is `strtod`'s, refused when infinite or when it rounds a non-zero text to zero. A whole
/// number is read exactly when it is plain digits that fit; any other text goes through `strtod` and
/// must give a whole `Double` the type holds, which is the value below 2^53; from 2^53 up the text is
/// read again as a decimal, as Foundation falls back to `Decimal` there.
extension JSONReader {
    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ bytes: UnsafeRawBufferPointer, _ token: NumberToken) -> T? {
        if token.isInteger, let value = digits(T.self, bytes, token.range) { return value }
        guard let double = strtod(bytes, token.range), let value = T(exactly: double) else { return nil }
        if double.magnitude < 9_007_199_254_740_992 { return value }
        return decimal(T.self, bytes, token.range)
    }

    /// Plain digits (with an optional minus) as `T`, or `nil` when they overflow it.
    private static func digits<T: FixedWidthInteger>(_ type: T.Type, _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> T? {
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        var value: T = 0
        for index in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let digit = T(bytes[index] - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = next
        }
        return value
    }

    /// The text as `Decimal` reads it (at most 38 significant digits, trailing zeros dropped), then as
    /// `FixedWidthInteger.init?(_: Decimal)` converts that: a mantissa within 64 bits, the fraction cut off.
    private static func decimal<T: FixedWidthInteger>(_ type: T.Type, _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> T? {
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits: [UInt8] = []
        var exponent = 0
        var inFraction = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if isDigit(byte) {
                if digits.count < 38, !(digits.isEmpty && byte == UInt8(ascii: "0")) {
                    digits.append(byte - UInt8(ascii: "0"))
                    if inFraction { exponent -= 1 }
                } else if !inFraction, !digits.isEmpty {
                    exponent += 1
                }
            } else {
                break
            }
            index += 1
        }
        if index < range.upperBound {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<range.upperBound]), as: UTF8.self)
            guard let written = Int(text) else { return nil }
            exponent += written
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        var mantissa: UInt64 = 0
        for digit in digits {
            let (shifted, overflow) = mantissa.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow, !overflow2 else { return nil }
            mantissa = next
        }
        while exponent < 0 {
            mantissa /= 10
            exponent += 1
        }
        while exponent > 0 {
            let (next, overflow) = mantissa.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            mantissa = next
            exponent -= 1
        }
        guard negative else { return T(exactly: mantissa) }
        guard T.isSigned, let magnitude = T(exactly: mantissa) else { return nil }
        return 0 - magnitude
    }

    /// A number's text as a finite `Double`, correctly rounded; `nil` when it is out of range.
    static func double(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        guard let value = strtod(bytes, range), value.isFinite else { return nil }
        guard value != 0 || isZero(bytes, range) else { return nil }
        return value
    }

    private static func strtod(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    /// Whether every digit before the exponent is zero.
    private static func isZero(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        for index in range {
            let byte = bytes[index]
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }
}
