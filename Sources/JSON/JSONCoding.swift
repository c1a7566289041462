public import Foundation
import Primitives

/// The one JSON configuration every part of Interlude shares: `Timestamp` dates (milliseconds), sorted keys.
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
            try container.encode(Timestamp.string(date))
        }
        return encoder
    }

    private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected an ISO 8601 date, got \"\(text)\"")
            }
            return date
        }
        return decoder
    }
}
