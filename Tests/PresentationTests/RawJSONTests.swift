import Foundation
import JSON
import Presentation
import Testing

/// A JSON value kept as the bytes it was spelled with: sliced by the reader, spliced by the writer, checked as
/// `JSONValue` is checked, compared by value.
@Suite struct RawJSONTests {
    /// `{"input": <value>, "after": 1}` read field by field: the input's bytes as sliced, and the field after it.
    struct Holder: JSONReadable, JSONWritable {
        var input: RawJSON?
        var after: Int?

        init(input: RawJSON) {
            self.input = input
            after = 1
        }

        init(reading reader: inout JSONReader) throws(JSONReadError) {
            try reader.readObject { reader, key throws(JSONReadError) in
                switch key {
                case "input": input = try reader.read()
                case "after": after = try reader.read()
                default: try reader.skipValue()
                }
            }
        }

        func write(to writer: inout JSONWriter) throws {
            try writer.beginObject()
            try writer.member("after", after ?? 0)
            try writer.field("input", input)
            writer.endObject()
        }
    }

    /// Valid JSON no writer here would produce: spaces, escapes, number spellings, key order.
    static let spellings = [
        #"{ "b" : [1.0e2, -0.0, 1E+2, 10.50], "a":"caf\u00e9 \ud83c\udfb5 \/" }"#,
        #"[ ]"#, #""\u0041\n""#, "1.0e2", "-0", "true", "null", #"{"z":1,"a":{"y":[{},[]],"x":"é"}}"#,
        "{\n\t\"tabs\" :\t[ 1 ,2 ]\r\n}",
    ]

    @Test("The reader slices a value's bytes as they are, and the writer splices them back unchanged", arguments: spellings)
    func passThrough(_ value: String) throws {
        let text = #"{"input":   "# + value + #"  , "after": 1}"#
        let read = try JSONReader.read(Holder.self, from: text)
        #expect(read.input?.bytes == Data(value.utf8))
        #expect(read.after == 1, "the reader goes on after the value")
        let written = try JSONWriter.encode(Holder(input: try #require(read.input)))
        #expect(written == Data((#"{"after":1,"input":"# + value + "}").utf8))
    }

    /// Texts `JSONValue` may refuse as a field's value: the raw reader must decide the same for each.
    static let edges = [
        #""\q""#, #""\u12""#, "\"\u{01}\"", "1e999", "-1e999", "01", "1.", ".5", "+1", "[1,,2]", "[1,]", "{\"a\" 1}", "{a:1}", "tru",
        "nul", #"{"a":"#, #"{"a":1,"a":"\q"}"#, #"{"a":"\q","a":1}"#, #""\ud800""#, #""\udc00\ud800""#,
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    @Test("The raw reader accepts exactly what the value reader accepts, without building the value")
    func sameAcceptance() throws {
        var disagree: [String] = []
        for value in Self.edges + Self.spellings {
            let text = #"{"input":"# + value + "}"
            let raw = try? JSONReader.read(Holder.self, from: text)
            let tree = try? JSONReader.read([String: JSONValue].self, from: text)
            if (raw == nil) != (tree == nil) { disagree.append(value) }
        }
        #expect(disagree.isEmpty, "\(disagree)")
        for value in [#""\q""#, "1e999", "[1,,2]", "{a:1}", Self.edges.last!] {
            #expect((try? JSONReader.read(Holder.self, from: #"{"input":"# + value + "}")) == nil, "\(value.prefix(20)) is refused")
        }
        // Invalid UTF-8 (a lone 0xFF, an overlong 0xC0 0x80, a surrogate 0xED 0xA0 0x80, a cut sequence) as bytes.
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0x61, 0xE2, 0x82, 0x22]] {
            let text = Data(#"{"input":"#.utf8) + bytes + Data("}".utf8)
            #expect((try? JSONReader.read(Holder.self, from: text)) == nil, "\(bytes) is refused")
            #expect((try? JSONReader.read([String: JSONValue].self, from: text)) == nil, "\(bytes) is refused by the value reader too")
        }
    }

    @Test("A whole text is checked in full and its value's own bytes are kept; trailing text and bad JSON are refused")
    func validating() throws {
        #expect(try RawJSON(validating: Data(" \n {\"a\" : 1.0e2}\t ".utf8)).bytes == Data("{\"a\" : 1.0e2}".utf8))
        #expect(try RawJSON(validating: Data("\u{FEFF}[1]".utf8)).bytes == Data("[1]".utf8), "a byte order mark is skipped")
        #expect(throws: JSONReadError.self) { try RawJSON(validating: Data("{} {}".utf8)) }
        #expect(throws: JSONReadError.self) { try RawJSON(validating: Data("{not json".utf8)) }
        #expect(throws: JSONReadError.self) { try RawJSON(validating: Data(#"{"a":1e999}"#.utf8)) }
        #expect(throws: JSONReadError.self) { try RawJSON(validating: Data()) }
    }

    @Test("Equality and hashing are by value: the same value however spelled is equal; another value is not")
    func equalityByValue() throws {
        let spaced = try RawJSON(validating: Data(#"{ "b": [1.0e2], "a" : "caf\u00e9" }"#.utf8))
        let plain = RawJSON.object(["a": .string("café"), "b": .array([.integer(100)])])
        #expect(spaced.bytes != plain.bytes)
        #expect(spaced == plain)
        #expect(spaced.hashValue == plain.hashValue)
        #expect(Set([spaced, plain]).count == 1)
        #expect(spaced != RawJSON.object(["a": .string("cafe"), "b": .array([.integer(100)])]))
        #expect(try spaced.value == plain.value)
        #expect(try JSONWriter.encode(spaced.value) == plain.bytes, "the value writes in the encoder's spelling")
    }

    struct Typed: Decodable, Equatable {
        let b: [Int]
        let a: String
    }

    @Test("The typed input decodes straight from the bytes, whatever their spelling")
    func decodesFromTheBytes() throws {
        let raw = try RawJSON(validating: Data(#"{ "b" : [1.0e2, 3], "a":"caf\u00e9" }"#.utf8))
        #expect(try raw.decode(as: Typed.self) == Typed(b: [100, 3], a: "café"))
    }

    @Test("Codable goes through the value: decoded into the encoder's spelling, encoded as the value")
    func codable() throws {
        let decoded = try JSONCoding.decoder.decode(RawJSON.self, from: Data(#"{ "b" : 1.0e2 }"#.utf8))
        #expect(decoded.bytes == Data(#"{"b":100}"#.utf8))
        let raw = try RawJSON(validating: Data(#"{ "b" : 1.0e2 }"#.utf8))
        #expect(try JSONCoding.encoder.encode(raw) == Data(#"{"b":100}"#.utf8))
    }
}
