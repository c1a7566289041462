public import Foundation

/// The one way Interlude writes a date: RFC 3339 in UTC with exactly three fractional digits,
/// `2026-11-29T21:26:13.123Z`, in JSON, in SQLite and in logs alike.
///
/// Dates are rounded to the millisecond first, so a date read back from text writes the same text
/// again (0.123 is 0.12299… in binary: a formatter that truncates would write .122).
public enum Timestamp {
    /// `2026-11-29T21:26:13.123Z`.
    public static func string(_ date: Date) -> String {
        let parts = Parts(date)
        guard parts.fitsFourDigits else { return parts.wideString }
        return String(unsafeUninitializedCapacity: Parts.width) { buffer in
            parts.write(into: buffer)
            return Parts.width
        }
    }

    /// Appends what `string(_:)` writes, as UTF-8, to `bytes` without making the string.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        let parts = Parts(date)
        guard parts.fitsFourDigits else { return bytes.append(contentsOf: parts.wideString.utf8) }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: Parts.width))
        bytes.withUnsafeMutableBufferPointer { parts.write(into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    /// A date's fields in UTC, rounded to the millisecond.
    private struct Parts {
        static let width = 24
        let year, month, day, seconds, fraction: Int64

        init(_ date: Date) {
            let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
            let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
            (year, month, day) = civil(fromDays: days)
            (seconds, fraction) = dayMilliseconds.quotientAndRemainder(dividingBy: 1000)
        }

        var fitsFourDigits: Bool { year >= 0 && year <= 9999 }

        /// The text of a year outside 0…9999, which has more digits or a sign.
        var wideString: String {
            var text = String(year)
            text += "-" + digits(month, 2) + "-" + digits(day, 2)
            text += "T" + digits(seconds / 3600, 2) + ":" + digits(seconds / 60 % 60, 2) + ":" + digits(seconds % 60, 2)
            return text + "." + digits(fraction, 3) + "Z"
        }

        /// Writes the `width` bytes of a four-digit year's text.
        func write(into buffer: UnsafeMutableBufferPointer<UInt8>) {
            func put(_ value: Int64, _ width: Int, at offset: Int) {
                var rest = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(seconds / 3600, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(seconds / 60 % 60, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(seconds % 60, 2, at: 17)
            buffer[19] = UInt8(ascii: ".")
            put(fraction, 3, at: 20)
            buffer[23] = UInt8(ascii: "Z")
        }
    }

    /// Reads what `string(_:)` writes, or any RFC 3339 date with or without fractional seconds.
    public static func date(_ text: String) -> Date? {
        if let date = canonical(text) { return date }
        if let date = try? withFraction.parse(text) { return date }
        return try? wholeSeconds.parse(text)
    }

    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The fast path: exactly `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    private static func canonical(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            bytes[19] == 0x2E, bytes[23] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), let milli = number(20..<23),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = self.days(fromYear: year, month: month, day: day)
        let total = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: Double(total * 1000 + milli) / 1000)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).0
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
    private static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, 400).0
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
