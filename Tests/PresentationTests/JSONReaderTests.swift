import Foundation
import JSON
import Presentation
import TestSupport
import Testing

/// The hand-written reader against `JSONCoding.decoder`: same acceptance, same values.
@Suite struct JSONReaderTests {
    /// What each reads from `data`: the value, or `nil` when it refuses.
    func both<T: Decodable & JSONReadable & Equatable>(_ type: T.Type, _ data: Data) -> (foundation: T?, reader: T?) {
        (try? JSONCoding.decoder.decode(T.self, from: data), try? JSONReader.read(T.self, from: data))
    }

    func expectSame<T: Decodable & JSONReadable & Equatable>(_ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (foundation, reader) = both(type, Data(text.utf8))
        #expect(foundation == reader, "\(T.self) from \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    static let edges = [
        "", " ", "null", "true", "false", "tru", "nul", " 1 ", "1 2", "0", "-0", "01", "-", "+1", ".5", "1.", "1.0", "1.5", "-1.0",
        "1e2", "1E+2", "1e-2", "2.5e1", "1e400", "-1e400", "1e-400", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "9223372036854775807.0", "9007199254740993", "9007199254740993.0",
        "18446744073709551616", "123456789012345678901234567890", "0.1", "1e", "1e+", "-01", "00", "1e-310", "2.5e-324", "1e-323",
        "9007199254740993.5", "9007199254740993.0000", "-9007199254740993.0", "9223372036854775295.0", "-9223372036854775807.0", "0e400",
        "-0.0", "1.0000000000000001", "0.000", "1e308", "1.7976931348623159e308",
        #""""#, #""a""#, #""a"#, #""\u00e9""#, #""\uD83D\uDE42""#, #""\uD83D""#, #""\uDE42""#, #""\uD83Dx""#, #""\u12""#, #""\x""#,
        #""\/\b\f\n\r\t\\\"""#, "\"\u{01}\"", "\"\t\"", #""\u0000""#, "\"é🙂\"", "\"a\nb\"",
        "[]", "[1,]", "[,1]", "[1 2]", "[1,2]", " [ 1 , [ ] , { } ] ", "[", "]", "[null,true,\"x\",1.5,{\"a\":[]}]",
        "{}", "{\"a\":1}", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":1,\"a\":2}", "{\"a\":1,\"a\":null}", "{\"a\":{\"a\":[1]}}",
        "{\"\\u0061\":1}", "{1:1}", "\u{FEFF}1", "\u{FEFF}{}", "[1]x", "{}}", "/* */1", "NaN", "Infinity", "'a'",
        "\"2026-11-29T10:00:00Z\"", "\"2026-11-29T10:00:00.123Z\"", "\"2026-11-29T10:00:00.123456+02:00\"", "\"2026-13-01T00:00:00Z\"",
        "{\"a\":\"x\",\"b\":\"y\"}", "{\"a\":\"x\",\"a\":\"y\"}", "{\"a\":\"x\",\"a\":1}", "{\"a\":1,\"a\":\"x\"}",
        "{,}", "[,]", "[1,,]", "{\"a\":1,,}", "[1,]", "{\"a\":[1,],}", "9007199254740993.00000000000000000000000001", "9007199254740993000e-3",
    ]

    @Test("Edge cases read the same as Foundation reads them", arguments: edges)
    func edgeCasesReadTheSame(text: String) {
        expectSame(JSONValue.self, text)
        expectSame(String.self, text)
        expectSame(Int.self, text)
        expectSame(Int64.self, text)
        expectSame(Double.self, text)
        expectSame(Bool.self, text)
        expectSame(Date.self, text)
        expectSame([JSONValue].self, text)
        expectSame([String: String].self, text)
        expectSame([String: JSONValue].self, text)
    }

    @Test func invalidUTF8InAStringIsReadTheSame() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0x61, 0xC3, 0xA9, 0x22], [0x22, 0x5C, 0x6E, 0xE9, 0x22],
        ] {
            let (foundation, reader) = both(JSONValue.self, Data(bytes))
            #expect(foundation == reader, "\(bytes)")
            let skipped = both([String: Int].self, Data("{\"a\":1,\"b\":".utf8) + Data(bytes) + Data("}".utf8))
            #expect(skipped.foundation == skipped.reader, "skipped \(bytes)")
        }
    }

    static let unused: [[UInt8]] = [
        Array("[05]".utf8), Array("[1.2.3]".utf8), Array("[-]".utf8), Array("[1e]".utf8), Array("[1.]".utf8), Array("-01".utf8), Array("1-2".utf8),
        Array("\"a\u{01}b\"".utf8), [0x22, 0x00, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], Array(#""\x""#.utf8), Array(#""\uD800""#.utf8),
        Array(#""\uDC00""#.utf8), Array(#""\u12""#.utf8), Array(#""\u12345""#.utf8), Array(#""\uZZZZ""#.utf8), Array("{\"a\":1,\"a\":2}".utf8),
        Array("[1,]".utf8), Array("{\"a\":1,}".utf8), Array("[tru]".utf8), Array("[1,,]".utf8), Array("{,}".utf8), Array("[,]".utf8),
        Array("{\"\\x\":1}".utf8), Array("{\"a\"}".utf8), Array("+1".utf8), Array(".5".utf8), Array("\"abc".utf8),
    ]

    @Test func valuesNobodyUsesAreCheckedOnlyAsFarAsFoundationChecksThem() {
        for bytes in Self.unused {
            let data = Data("{\"key\":\"k\",\"x\":".utf8) + Data(bytes) + Data("}".utf8)
            let (foundation, reader) = both(Localization.self, data)
            #expect(foundation == reader, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            let repeated = Data("{\"key\":\"k\",\"key\":".utf8) + Data(bytes) + Data("}".utf8)
            let first = both(Localization.self, repeated)
            #expect(first.foundation == first.reader, "repeated \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test func theFirstOfRepeatedKeysWinsInSortedAndUnsortedObjectsShortAndLong() {
        for count in [3, 15, 16, 17, 40] {
            let keys = (0..<count).map { String(format: "k%02d", $0) }
            for order in [keys, keys.reversed(), keys.shuffled()] {
                for repeated in [keys.first!, keys[count / 2], keys.last!] {
                    let members = order.map { "\"\($0)\":\"\($0)\"" } + ["\"\(repeated)\":\"again\""]
                    let text = "{" + members.joined(separator: ",") + "}"
                    let (foundation, reader) = both(JSONValue.self, Data(text.utf8))
                    #expect(foundation != nil && foundation == reader, "\(text)")
                    if case .object(let object)? = reader { #expect(object[repeated] == .string(repeated), "\(text)") }
                }
            }
        }
    }

    @Test func nestingIsLimitedAtFoundationsDepth() {
        for depth in [64, 511, 512, 513, 2_000] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let (foundation, reader) = both(JSONValue.self, Data(text.utf8))
            #expect(foundation == reader, "depth \(depth)")
            #expect((reader != nil) == (depth <= 512), "depth \(depth)")
        }
    }

    @Test func randomValuesRoundTripThroughTheEncoder() throws {
        var random = SeededRandom(seed: 12)
        for _ in 0..<3_000 {
            let value = random.value()
            let data = try JSONCoding.encoder.encode(value)
            let (foundation, reader) = both(JSONValue.self, data)
            #expect(foundation != nil)
            #expect(foundation == reader, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func randomPresentationsReadTheSame() throws {
        var random = SeededRandom(seed: 7)
        var accepted = 0
        for _ in 0..<3_000 {
            let data = try JSONCoding.encoder.encode(random.presentationShaped())
            let (foundation, reader) = both(Presentation.self, data)
            #expect(foundation == reader, "\(String(decoding: data, as: UTF8.self))")
            if reader != nil { accepted += 1 }
        }
        #expect(accepted > 50 && accepted < 2_950, "too few of one kind to prove anything: \(accepted) accepted")
    }

    @Test func builtPresentationsRoundTripThroughTheEncoder() throws {
        var random = SeededRandom(seed: 99)
        for sequence in 1...500 {
            var draft = Presentation.Draft.alert(
                random.pick(["Confirm", "Ünïcode ✓", "a \"quoted\" title"]),
                message: random.chance(50) ? random.pick(["Plain.", "Ünïcode ✓ 🙂", "a \"quoted\" \\ message/ with a slash"]) : nil,
                actions: [
                    Action(id: "ok", label: "OK", localization: random.chance(50) ? Localization("ok", [random.text()]) : nil),
                    Action(id: "no", label: "No", role: .cancel),
                ])
            draft.item = random.chance(70) ? random.value() : nil
            draft.expiresAfter = random.chance(50) ? Double(Int.random(in: 1...100_000, using: &random)) / 8 : nil
            draft.error =
                random.chance(30)
                ? PresentedError(code: "c", description: random.pick(["Disk full.", "Ünïcode ✓ \"q\""]), failureReason: random.chance(50) ? "r" : nil) : nil
            draft.audience = random.chance(30) ? Audience(users: ["ann"], groups: random.chance(50) ? ["ops"] : []) : nil
            draft.fields = random.chance(30) ? [TextFieldState(id: "why", label: "Why", required: random.chance(50), maxLength: 40, actions: ["ok"])] : nil
            draft.escalation = random.chance(30) ? Escalation(afterSeconds: 60, to: Audience(users: ["lee"], groups: ["leads"])) : nil
            let asked = try Presentation(
                draft, id: "p-\(sequence)", job: "j", sequence: sequence, createdAt: Date(timeIntervalSince1970: Double(1_800_000_000_123 + sequence) / 1000))
            let presentation = random.chance(50) ? asked.escalated(at: asked.createdAt.addingTimeInterval(90.5)) ?? asked : asked
            let data = try JSONCoding.encoder.encode(presentation)
            let read = try JSONReader.read(Presentation.self, from: data)
            #expect(read == (try JSONCoding.decoder.decode(Presentation.self, from: data)))
            #expect(read.id == presentation.id && read.error == presentation.error && read.fields == presentation.fields)
            #expect(read.escalation == presentation.escalation && read.audience == presentation.audience)
            #expect((read.escalatedAt == nil) == (presentation.escalatedAt == nil))
        }
    }

    @Test func resolutionsRoundTripThroughTheEncoder() throws {
        var random = SeededRandom(seed: 5)
        for index in 0..<300 {
            let resolution = Resolution(
                presentation: "p\(index)", job: "j", cause: random.pick(Resolution.Cause.allCases), action: random.chance(70) ? "ok" : nil,
                by: random.chance(50) ? random.text() : nil, channel: random.chance(50) ? "web" : nil, at: Date(timeIntervalSince1970: Double(index)),
                values: random.chance(40) ? ["why": random.text()] : nil)
            let data = try JSONCoding.encoder.encode(resolution)
            #expect(try JSONReader.read(Resolution.self, from: data) == resolution)
        }
    }

    @Test func damagedTextIsRefusedOrReadTheSameNeverATrap() throws {
        var random = SeededRandom(seed: 2026)
        var draft = Presentation.Draft.alert(
            "Reset?", message: "All settings return to defaults.", actions: [Action(id: "reset", label: "Reset", role: .destructive)])
        draft.item = .object(["theme": .string("dark"), "n": .integer(3), "list": .array([.number(0.5), .null, .bool(true)])])
        let original = Array(
            try JSONCoding.encoder.encode(try Presentation(draft, id: "p", job: "j", sequence: 1, createdAt: Date(timeIntervalSince1970: 1_800_000_000))))
        let alphabet = Array("{}[]\":,\\0123456789-+.eEtrufalsn ".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        var refused = 0
        for _ in 0..<4_000 {
            var bytes = original
            random.damage(&bytes, from: alphabet)
            let data = Data(bytes)
            let presentation = both(Presentation.self, data)
            #expect(presentation.foundation == presentation.reader, "\(String(decoding: data, as: UTF8.self))")
            let value = both(JSONValue.self, data)
            #expect(value.foundation == value.reader, "\(String(decoding: data, as: UTF8.self))")
            if presentation.reader == nil { refused += 1 }
        }
        #expect(refused > 1_000)
        for length in 0..<original.count {
            #expect(throws: JSONReadError.self) { try JSONReader.read(Presentation.self, from: Data(original[0..<length])) }
        }
    }
}

extension SeededRandom {
    /// An object shaped like a presentation, often valid, sometimes missing a key, `null` where a value
    /// should be, or holding a value of the wrong type.
    mutating func presentationShaped() -> JSONValue {
        func maybe(_ value: JSONValue) -> JSONValue? {
            switch Int.random(in: 0..<40, using: &self) {
            case 0: return nil
            case 1: return .null
            case 2: return self.value(depth: 1)
            default: return value
            }
        }
        func action(_ id: String, role: String?) -> JSONValue {
            var object: [String: JSONValue?] = [
                "id": maybe(.string(id)), "label": maybe(.string(text(maxLength: 5) + "L")), "role": role.map { maybe(.string($0)) } ?? nil,
            ]
            if chance(30) { object["localization"] = maybe(.object(["key": .string("k"), "arguments": .array([.string(text())])])) }
            return .object(object.compactMapValues { $0 })
        }
        var object: [String: JSONValue?] = [
            "id": maybe(.string(identifier())), "job": maybe(.string("job-" + identifier())), "sequence": maybe(.integer(pick([1, 2, 0, 1_000]))),
            "kind": maybe(.string(pick(["alert", "confirmationDialog", "sheet"]))), "title": maybe(.string(pick(["T", text(), " "]))),
            "titleVisibility": chance(50) ? maybe(.string(pick(["automatic", "visible", "hidden"]))) : nil,
            "message": chance(50) ? maybe(.string(text())) : nil,
            "actions": maybe(.array([action("ok", role: nil), action(chance(90) ? "no" : "ok", role: pick(["cancel", "destructive", "red"]))])),
            "item": chance(50) ? maybe(value()) : nil,
            "createdAt": maybe(.string(pick(["2026-11-29T10:00:00.000Z", "2026-11-29T10:00:00Z", "later"]))),
            "expiresAt": chance(30) ? maybe(.string(pick(["2026-11-29T10:01:00.500Z", "2026-11-29T09:00:00.000Z"]))) : nil,
            "unknown": chance(20) ? value() : nil,
        ]
        if chance(20) { object["audience"] = maybe(.object(["users": .array([.string(pick(["ann", "b c"]))])])) }
        if chance(20) { object["error"] = maybe(.object(["code": .string(pick(["e", ""])), "description": .string("d")])) }
        if chance(20) {
            object["fields"] = maybe(
                .array([
                    .object(["id": .string("f"), "kind": .string(pick(["text", "secure"])), "label": .string("F"), "required": maybe(.bool(true)) ?? .null])
                ]))
        }
        return .object(object.compactMapValues { $0 })
    }
}
