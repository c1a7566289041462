import Foundation
import JSON
import Presentation
import TestSupport
import Testing

/// `JSONValue(encoding:)` and `decode(as:)` (an operation's output and input) through the hand-written
/// writer and reader give what the Foundation-only route gave: encode with `JSONCoding.encoder`, decode with
/// `JSONCoding.decoder`.
@Suite struct JSONValueConversionTests {
    struct Output: Codable, Equatable {
        var name: String
        var bytes: Int64
        var ratio: Double
        var done: Bool
        var tags: [String]
        var extra: JSONValue?
    }

    static func foundation<T: Decodable>(_ value: some Encodable, as type: T.Type) throws -> T {
        try JSONCoding.decoder.decode(T.self, from: JSONCoding.encoder.encode(value))
    }

    @Test func randomValuesConvertAsFoundationConvertsThem() throws {
        var random = SeededRandom(seed: 77)
        for _ in 0..<2_000 {
            let value = random.value(depth: 4)
            #expect(try JSONValue(encoding: value) == Self.foundation(value, as: JSONValue.self))
            #expect(try value.decode(as: JSONValue.self) == Self.foundation(value, as: JSONValue.self))
            #expect((try? value.decode(as: [JSONValue]?.self)) == (try? Self.foundation(value, as: [JSONValue]?.self)))
        }
    }

    @Test func typedOutputsAndInputsConvertAsFoundationConvertsThem() throws {
        var random = SeededRandom(seed: 78)
        for index in 0..<500 {
            let output = Output(
                name: random.text(), bytes: Int64(index) * 1_000_003, ratio: Double(index) / 7, done: random.chance(50),
                tags: (0..<index % 4).map { _ in random.text(maxLength: 4) }, extra: random.chance(50) ? random.value() : nil)
            let value = try JSONValue(encoding: output)
            #expect(value == (try Self.foundation(output, as: JSONValue.self)))
            #expect(try value.decode(as: Output.self) == Self.foundation(output, as: Output.self))
        }
        // A value of the wrong shape is refused with the decoder's error, as before.
        #expect(throws: DecodingError.self) { try JSONValue.object(["name": .integer(1)]).decode(as: Output.self) }
    }
}
