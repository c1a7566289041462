import JSON
import Testing

/// JSON is written as Swift literals where a `JSONValue` is expected.
@Suite struct JSONValueLiteralTests {
    @Test func literalsAreTheValuesTheyRead() {
        let value: JSONValue = ["name": "Ada", "count": 3, "ratio": 2.5, "ok": true, "tags": ["a", 1], "none": .null]
        #expect(
            value
                == .object([
                    "name": .string("Ada"), "count": .integer(3), "ratio": .number(2.5), "ok": .bool(true),
                    "tags": .array([.string("a"), .integer(1)]), "none": .null,
                ]))
    }

    @Test func aKeyGivenTwiceKeepsItsLastValue() {
        let value: JSONValue = ["name": "Ada", "name": "Grace"]
        #expect(value == .object(["name": .string("Grace")]))
    }
}
