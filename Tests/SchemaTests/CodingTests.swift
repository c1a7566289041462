import Foundation
import JSON
import Presentation
import Schema
import Testing

/// Schemas read and write the standard keywords, so any JSON Schema tool can read what workers announce.
struct CodingTests {
    @Test func aSchemaIsWrittenWithStandardKeywordsAndReadBackEqual() throws {
        var schema = JSONSchema.object(
            [
                "name": .string(minLength: 1, maxLength: 100, description: "who to greet"), "times": .integer(minimum: 1, maximum: 3),
                "ratio": .number(maximum: 0.5), "tags": .array(of: .string(), maxItems: 4),
            ],
            required: ["name"], additionalProperties: .forbidden)
        schema.properties?["mode"] = JSONSchema.string(oneOf: ["a", "b"]).orNull
        let text = String(decoding: try JSONCoding.encoder.encode(schema), as: UTF8.self)
        #expect(
            text == #"{"additionalProperties":false,"properties":{"mode":{"enum":["a","b",null],"type":["string","null"]},"#
                + #""name":{"description":"who to greet","maxLength":100,"minLength":1,"type":"string"},"ratio":{"maximum":0.5,"type":"number"},"#
                + #""tags":{"items":{"type":"string"},"maxItems":4,"type":"array"},"times":{"maximum":3,"minimum":1,"type":"integer"}},"#
                + #""required":["name"],"type":"object"}"#)
        #expect(try JSONCoding.decoder.decode(JSONSchema.self, from: Data(text.utf8)) == schema)
    }

    @Test func readingIgnoresKeywordsOutsideTheSubsetAndAcceptsBooleanSchemas() throws {
        let text =
            #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","pattern":"x","properties":{"a":true,"b":{"format":"email","type":"string"}},"additionalProperties":{"type":"integer"}}"#
        let schema = try JSONCoding.decoder.decode(JSONSchema.self, from: Data(text.utf8))
        #expect(schema.type == [.object])
        #expect(schema.properties?["a"] == JSONSchema())
        #expect(schema.properties?["b"] == .string())
        #expect(schema.additionalProperties == .schema(.integer()))
    }

    @Test func anExampleSatisfiesItsSchema() {
        let schema = JSONSchema.object(
            ["name": .string(minLength: 3), "kind": .string(oneOf: ["x"]), "n": .integer(minimum: 2), "list": .array(of: .boolean(), minItems: 2)],
            required: ["name", "kind", "n", "list"])
        #expect(schema.violations(of: schema.example).isEmpty)
    }
}
