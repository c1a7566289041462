import Foundation
import JSON
import Testing

/// The reader given limits, as it reads every text from outside: RFC 8259 exactly, nesting and keys per
/// object within the limits, in the one pass that also builds the values.
@Suite struct StrictReadingTests {
    static let valid: [String] = [
        "{}", "[]", "0", "-0", "12.5e-3", "1E+2", "true", "false", "null", #""""#, #""\u00e9\n\t\"\\\/""#,
        #"{"a": [1, 2, {"b": null}], "c": "ü 👍"}"#, " \n\t[ 1 , 2 ] \r\n", #""\ud83d\ude00""#, "[[[[[]]]]]",
        #"{"a":{},"b":[]}"#,
    ]

    @Test(arguments: valid)
    func acceptsWhatJSONAccepts(_ text: String) throws {
        try JSONReader.check(text, limits: .standard)
        #expect(try JSONReader.read(JSONValue.self, from: text, limits: .standard) == JSONReader.read(JSONValue.self, from: text))
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil, "Foundation agrees")
    }

    static let invalid: [String] = [
        "", " ", "{", "[1,]", "[,1]", "{\"a\"}", "{\"a\":}", "{a:1}", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1",
        "tru", "nulll", "[1] [2]", "\"abc", "\"\\x\"", "\"\\u12g4\"", "\"a\u{01}b\"", #""\ud83d""#, #""\ude00""#,
        "'a'", "[1 2]", "{\"a\" 1}", "NaN", "[Infinity]", "\u{FEFF}{}", #"{"a":[1,],"b":2}"#, #"{"a":{"x":1,},"b":2}"#,
    ]

    @Test(arguments: invalid)
    func refusesWhatIsNotJSON(_ text: String) {
        let refusal = #expect(throws: JSONReadError.self) { try JSONReader.check(text, limits: .standard) }
        #expect(refusal?.limit == nil)
        #expect(throws: JSONReadError.self) { try JSONReader.read(JSONValue.self, from: text, limits: .standard) }
    }

    /// Values a typed reader skips (an unknown key, a repeated one) are checked in full too, as no decoder checks them.
    @Test(arguments: [
        #"{"a":1,"x":"\q"}"#, #"{"a":1,"x":01}"#, #"{"a":1,"x":[1,]}"#, #"{"a":1,"x":"\ud83d"}"#, #"{"a":1,"a":1.}"#, #"{"a":1,"x":{"y":1,}}"#,
    ])
    func skippedValuesAreCheckedInFull(_ text: String) throws {
        #expect(throws: JSONReadError.self) { try JSONReader.read(OnlyA.self, from: text, limits: .standard) }
        #expect(try JSONReader.read(OnlyA.self, from: text).a == 1, "as JSONDecoder reads it, unused values are not checked")
    }

    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF]] as [[UInt8]])
    func refusesStringsThatAreNotUTF8(_ bytes: [UInt8]) {
        let data = Data([0x22] + bytes + [0x22])
        let refusal = #expect(throws: JSONReadError.self) { try JSONReader.check(data, limits: .standard) }
        #expect(refusal?.reason == "a string is not valid UTF-8")
        let skipped = Data(#"{"a":1,"x":"#.utf8) + data + Data("}".utf8)
        #expect(throws: JSONReadError.self) { try JSONReader.read(OnlyA.self, from: skipped, limits: .standard) }
    }

    @Test func nestingUpToTheLimitIsAcceptedAndOneLevelMoreIsRefused() throws {
        let limits = JSONLimits(maxDepth: 64)
        try JSONReader.check(String(repeating: "[", count: 64) + String(repeating: "]", count: 64), limits: limits)
        try JSONReader.check(String(repeating: #"{"a":"#, count: 63) + "[]" + String(repeating: "}", count: 63), limits: limits)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        for refusal in [
            #expect(throws: JSONReadError.self) { try JSONReader.check(deep, limits: limits) },
            #expect(throws: JSONReadError.self) { try JSONReader.read(JSONValue.self, from: deep, limits: limits) },
        ] {
            #expect(refusal?.limit == .depth)
            #expect(refusal?.offset == 64, "refused where the 65th level opens, without reading further")
            #expect(refusal?.reason == "arrays and objects are nested deeper than 64 levels")
        }
    }

    @Test func theFourHundredDeepBodyOfTheFreezeIsRefusedAtItsSixtyFifthLevel() {
        // The body that froze the broker: an input of 400 nested arrays (835 bytes with its envelope).
        let body = #"{"input":"# + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + #","operation":"noop"}"#
        let refusal = #expect(throws: JSONReadError.self) { try JSONReader.read(JSONValue.self, from: body, limits: .standard) }
        #expect(refusal?.limit == .depth)
        #expect(refusal?.offset == 9 + 63)
    }

    @Test func noLimitReachesPastFoundationsDepthSoAMillionNestedArraysStopEarly() {
        // Reading recurses once per level, so no limit asked for goes past 512 levels, the reader's (and Foundation's) own.
        let refusal = #expect(throws: JSONReadError.self) {
            try JSONReader.check(String(repeating: "[", count: 1_000_000) + "1", limits: JSONLimits(maxDepth: 2_000_000))
        }
        #expect(refusal?.limit == .depth)
        #expect(refusal?.offset == JSONReader.maxDepth)
    }

    @Test func keysPerObjectAreCountedForEachObjectOnItsOwnRepeatedKeysToo() throws {
        let limits = JSONLimits(maxKeys: 3)
        try JSONReader.check(#"{"a":1,"b":2,"c":{"d":1,"e":2,"f":3}}"#, limits: limits)
        _ = try JSONReader.read(JSONValue.self, from: #"{"a":1,"b":2,"c":{"d":1,"e":2,"f":3}}"#, limits: limits)
        for text in [#"[{"a":1},{"a":1,"b":2,"c":3,"d":4}]"#, #"{"a":1,"a":2,"a":3,"a":4}"#] {
            let checked = #expect(throws: JSONReadError.self) { try JSONReader.check(text, limits: limits) }
            #expect(checked?.limit == .keys)
            #expect(checked?.reason == "an object has more than 3 keys")
            let read = #expect(throws: JSONReadError.self) { try JSONReader.read(JSONValue.self, from: text, limits: limits) }
            #expect(read?.limit == .keys)
        }
        let skipped = #expect(throws: JSONReadError.self) {
            try JSONReader.read(OnlyA.self, from: #"{"a":1,"x":{"a":1,"b":2,"c":3,"d":4}}"#, limits: limits)
        }
        #expect(skipped?.limit == .keys)
    }

    @Test func aRefusalSaysWhatAndWhere() {
        let refusal = #expect(throws: JSONReadError.self) { try JSONReader.check(#"{"a": [1, 2,]}"#, limits: .standard) }
        #expect(refusal?.description == "unexpected character at byte 12")
    }

    @Test func withoutLimitsTheReaderStillReadsAsJSONDecoderDoes() throws {
        #expect(try JSONReader.read(JSONValue.self, from: "\u{FEFF}[1,]") == .array([.integer(1)]))
        #expect(try JSONReader.read(JSONValue.self, from: #"{"a":1,"b":2,"c":3,"d":4}"#)["d"] == .integer(4))
    }

    /// An object of which only `a` is read; every other member is skipped.
    struct OnlyA: JSONReadable {
        var a: Int?

        init(reading reader: inout JSONReader) throws(JSONReadError) {
            try reader.readObject { reader, key throws(JSONReadError) in
                if key == "a" { a = try reader.read() } else { try reader.skipValue() }
            }
        }
    }
}
