import Foundation

/// The one JSON configuration every part of Interlude shares: ISO 8601 dates with milliseconds, sorted keys.
public enum JSONCoding {
    /// Encoder with sorted keys and ISO 8601 dates, so output is stable. Shared: never change its settings.
    public static let encoder = makeEncoder([.sortedKeys, .withoutEscapingSlashes])

    /// The same, indented, for files people read.
    public static let prettyEncoder = makeEncoder([.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])

    /// Decoder that reads ISO 8601 dates with or without fractional seconds. Shared: never change its settings.
    public static let decoder = makeDecoder()

    private static func makeEncoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        return encoder
    }

    private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseTimestamp(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected an ISO 8601 date, got \"\(text)\"")
            }
            return date
        }
        return decoder
    }

    /// `2026-11-29T21:26:13.123Z`.
    public static func timestamp(_ date: Date) -> String {
        // Rounded to the millisecond first, so a date read back from text writes the same text again.
        // The milliseconds are written by hand: the format style truncates, and 0.123 is 0.12299… in binary.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = milliseconds < 0 && remainder != 0 ? seconds - 1 : seconds
        let fraction = milliseconds - whole * 1000
        let text = Date(timeIntervalSince1970: Double(whole)).formatted(wholeSeconds)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction) + "Z"
    }

    /// Reads a timestamp written by `timestamp(_:)`, or one without fractional seconds.
    public static func parseTimestamp(_ text: String) -> Date? {
        if let date = try? withMilliseconds.parse(text) { return date }
        return try? wholeSeconds.parse(text)
    }

    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
