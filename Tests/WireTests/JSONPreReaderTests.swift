import Foundation
import Testing
import Wire

@Suite struct JSONPreReaderTests {
    static let valid: [String] = [
        "{}", "[]", "0", "-0", "12.5e-3", "1E+2", "true", "false", "null", #""""#, #""\u00e9\n\t\"\\\/""#,
        #"{"a": [1, 2, {"b": null}], "c": "ü 👍"}"#, " \n\t[ 1 , 2 ] \r\n", #""\ud83d\ude00""#, "[[[[[]]]]]",
        #"{"a":{},"b":[]}"#,
    ]

    @Test(arguments: valid)
    func acceptsWhatJSONAccepts(_ text: String) throws {
        try JSONPreReader().check(text)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil, "Foundation agrees")
    }

    static let invalid: [String] = [
        "", " ", "{", "[1,]", "[,1]", "{\"a\"}", "{\"a\":}", "{a:1}", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1",
        "tru", "nulll", "[1] [2]", "\"abc", "\"\\x\"", "\"\\u12g4\"", "\"a\u{01}b\"", #""\ud83d""#, #""\ude00""#,
        "'a'", "[1 2]", "{\"a\" 1}", "NaN", "[Infinity]",
    ]

    @Test(arguments: invalid)
    func refusesWhatIsNotJSON(_ text: String) {
        let refusal = #expect(throws: JSONRefusal.self) { try JSONPreReader().check(text) }
        #expect(refusal?.kind == .syntax)
    }

    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF]] as [[UInt8]])
    func refusesStringsThatAreNotUTF8(_ bytes: [UInt8]) {
        let data = Data([0x22] + bytes + [0x22])
        let refusal = #expect(throws: JSONRefusal.self) { try JSONPreReader().check(data) }
        #expect(refusal?.reason == "not UTF-8")
    }

    @Test func nestingUpToTheLimitIsAcceptedAndOneLevelMoreIsRefused() throws {
        let reader = JSONPreReader(maxDepth: 64)
        try reader.check(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
        try reader.check(String(repeating: #"{"a":"#, count: 63) + "[]" + String(repeating: "}", count: 63))
        let refusal = #expect(throws: JSONRefusal.self) {
            try reader.check(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        }
        #expect(refusal?.kind == .tooDeep)
        #expect(refusal?.offset == 64, "refused where the 65th level opens, without reading further")
    }

    @Test func theFourHundredDeepBodyOfTheFreezeIsRefusedAtItsSixtyFifthByte() {
        // The body that froze the broker: an input of 400 nested arrays (835 bytes with its envelope).
        let body = #"{"input":"# + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + #","operation":"noop"}"#
        let refusal = #expect(throws: JSONRefusal.self) { try JSONPreReader().check(body) }
        #expect(refusal?.kind == .tooDeep)
        #expect(refusal?.offset == 9 + 63)
    }

    @Test func aMillionNestedArraysCostOneLinearPass() {
        // Nothing is recursive: depth costs neither stack nor more than one look at each byte.
        let refusal = #expect(throws: JSONRefusal.self) {
            try JSONPreReader(maxDepth: 2_000_000).check(String(repeating: "[", count: 1_000_000) + "1")
        }
        #expect(refusal?.kind == .syntax)
        #expect(refusal?.offset == 1_000_001)
    }

    @Test func keysPerObjectAreCountedForEachObjectOnItsOwn() throws {
        let reader = JSONPreReader(maxKeys: 3)
        try reader.check(#"{"a":1,"b":2,"c":{"d":1,"e":2,"f":3}}"#)
        let refusal = #expect(throws: JSONRefusal.self) { try reader.check(#"[{"a":1},{"a":1,"b":2,"c":3,"d":4}]"#) }
        #expect(refusal?.kind == .tooManyKeys)
    }

    @Test func aRefusalSaysWhatAndWhere() {
        let refusal = #expect(throws: JSONRefusal.self) { try JSONPreReader().check(#"{"a": [1, 2,]}"#) }
        #expect(refusal?.description == "unexpected character at byte 12")
    }
}
