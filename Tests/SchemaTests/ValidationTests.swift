import Foundation
import JSON
import Presentation
import Schema
import Testing

/// The validator against a table of schemas and values: each row lists every violation expected, in order.
struct ValidationTests {
    static let greet = JSONSchema.object(
        ["name": .string(minLength: 1, maxLength: 100)], required: ["name"], additionalProperties: .forbidden)

    static let order = JSONSchema.object(
        [
            "id": .integer(minimum: 1),
            "priority": .string(oneOf: ["low", "high"]),
            "weight": .number(minimum: 0.5, maximum: 10),
            "tags": .array(of: .string(maxLength: 3), minItems: 1, maxItems: 2),
            "gift": .boolean(),
            "note": JSONSchema.string().orNull,
            "lines": .array(of: .object(["sku": .string(minLength: 2)], required: ["sku"])),
        ],
        required: ["id", "lines"], additionalProperties: .schema(.integer()))

    struct Row: Sendable, CustomTestStringConvertible {
        let schema: JSONSchema
        let value: String
        let expected: [String]
        var testDescription: String { value }
    }

    static let rows: [Row] = [
        Row(schema: greet, value: #"{"name": "Ada"}"#, expected: []),
        Row(schema: greet, value: #"{}"#, expected: ["$.name: is required"]),
        Row(schema: greet, value: #"{"name": ""}"#, expected: ["$.name: must have at least 1 character, has 0"]),
        Row(schema: greet, value: "{\"name\": \"\(String(repeating: "é", count: 101))\"}", expected: ["$.name: must have at most 100 characters, has 101"]),
        Row(
            schema: greet, value: #"{"name": 7, "age": 3}"#,
            expected: [
                "$.age: is not allowed (not one of the properties)", "$.name: must be a string, is an integer",
            ]),
        Row(schema: greet, value: #"[1]"#, expected: ["$: must be an object, is an array"]),
        Row(schema: greet, value: #"null"#, expected: ["$: must be an object, is null"]),
        Row(schema: order, value: #"{"id": 3, "lines": []}"#, expected: []),
        Row(schema: order, value: #"{"id": 3.0, "lines": [], "extra": 2}"#, expected: []),
        Row(
            schema: order, value: #"{"id": 0, "lines": [{"sku": "a"}, {}, 4], "priority": "urgent"}"#,
            expected: [
                "$.id: must be at least 1, is 0",
                "$.lines[0].sku: must have at least 2 characters, has 1",
                "$.lines[1].sku: is required",
                "$.lines[2]: must be an object, is an integer",
                "$.priority: must be one of \"low\", \"high\"",
            ]),
        Row(
            schema: order, value: #"{"lines": [], "id": 2.5, "weight": 11, "tags": [], "gift": "yes", "note": null, "x y": "z"}"#,
            expected: [
                "$.gift: must be a boolean, is a string",
                "$.id: must be an integer, is a number",
                "$.tags: must have at least 1 element, has 0",
                "$.weight: must be at most 10, is 11",
                "$[\"x y\"]: must be an integer, is a string",
            ]),
        Row(
            schema: order, value: #"{"id": 1, "lines": [], "tags": ["abcd", "ab", "c"], "weight": 0.25, "note": 5}"#,
            expected: [
                "$.note: must be a string or null, is an integer",
                "$.tags: must have at most 2 elements, has 3",
                "$.tags[0]: must have at most 3 characters, has 4",
                "$.weight: must be at least 0.5, is 0.25",
            ]),
        Row(schema: JSONSchema(), value: #"{"anything": [1, "two"]}"#, expected: []),
        Row(schema: .integer(), value: #"1.0"#, expected: []),
        Row(schema: .string(oneOf: ["a"]), value: #""b""#, expected: ["$: must be one of \"a\""]),
        Row(schema: .object(["a\u{1B}[2J": .string()]), value: "{\"a\\u001b[2J\": 1}", expected: ["$[\"a\\u001b[2J\"]: must be a string, is an integer"]),
    ]

    @Test(arguments: rows)
    func everyViolationIsListedWithItsPath(_ row: Row) throws {
        let value = try JSONCoding.decoder.decode(JSONValue.self, from: Data(row.value.utf8))
        #expect(row.schema.violations(of: value).map(\.description) == row.expected)
    }

    @Test func anEnumComparesNumbersByValue() {
        var schema = JSONSchema()
        schema.enum = [.integer(1), .string("one")]
        #expect(schema.violations(of: .number(1.0)).isEmpty)
        #expect(schema.violations(of: .integer(2)).map(\.description) == ["$: must be one of 1, \"one\""])
    }

    @Test func aFalseSchemaAllowsNothing() throws {
        let schema = try JSONCoding.decoder.decode(JSONSchema.self, from: Data("false".utf8))
        #expect(schema.violations(of: .null).map(\.message) == ["must be absent (no value is allowed)"])
    }
}
