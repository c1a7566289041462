import JSON
import TestSupport
import Testing

/// The checker the API tests hold every reply to: each rule refuses what breaks it, names the path and
/// the rule, and lets through what keeps it.
@Suite struct StrictSchemaTests {
    static let document: JSONValue = [
        "components": [
            "schemas": [
                "Audience": ["type": "object", "properties": ["users": ["type": "array", "items": ["type": "string"]]], "required": ["users"]],
                "Loop": ["$ref": "#/components/schemas/Loop"],
            ]
        ]
    ]
    let checker = StrictSchema(document: StrictSchemaTests.document)

    /// The rules `value` breaks against `schema`, with their paths.
    func broken(_ value: JSONValue, _ schema: JSONValue) -> [String] {
        checker.findings(value, against: schema).map { "\($0.path) \($0.rule)" }
    }

    @Test func typeRefusesTheWrongKindAndKnowsIntegersAndNull() {
        #expect(broken("text", ["type": "integer"]) == ["$ type"])
        #expect(broken(1.5, ["type": "integer"]) == ["$ type"])
        #expect(broken(.null, ["type": "string"]) == ["$ type"])
        #expect(broken(3, ["type": "integer"]).isEmpty)
        #expect(broken(3, ["type": "number"]).isEmpty, "an integer is a number")
        #expect(broken(.null, ["type": ["string", "null"]]).isEmpty)
        #expect(broken(true, ["type": ["string", "null"]]) == ["$ type"])
        #expect(broken(1, ["type": "float"]) == ["$ type", "$ type"], "an unknown type name is a finding too")
    }

    @Test func requiredNamesTheMissingKey() {
        let found = checker.findings(["a": 1], against: ["type": "object", "properties": ["a": true, "b": true], "required": ["a", "b"]])
        #expect(found.map(\.rule) == ["required"])
        #expect(found.first?.message.contains("b") == true)
    }

    @Test func aKeyTheSchemaDoesNotListIsRefusedUnlessItAllowsMore() {
        let listed: JSONValue = ["type": "object", "properties": ["a": ["type": "integer"]]]
        #expect(broken(["a": 1, "extra": 2], listed) == ["$.extra additionalProperties"])
        #expect(broken(["extra": 2], ["type": "object"]) == ["$.extra additionalProperties"], "an object schema with no keys allows none")
        #expect(broken(["extra": 2], ["type": "object", "additionalProperties": false]) == ["$.extra additionalProperties"])
        #expect(broken(["extra": 2], ["type": "object", "additionalProperties": true]).isEmpty)
        #expect(broken(["extra": "x"], ["type": "object", "additionalProperties": ["type": "integer"]]) == ["$.extra type"])
        #expect(broken(["a": "x"], listed) == ["$.a type"])
    }

    @Test func itemsChecksEachElementAtItsIndex() {
        let schema: JSONValue = ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 2]
        #expect(broken(["a", 2], schema) == ["$[1] type"])
        #expect(broken([], schema) == ["$ minItems"])
        #expect(broken(["a", "b", "c"], schema) == ["$ maxItems"])
        #expect(broken(["a"], schema).isEmpty)
    }

    @Test func enumAndConstCompareJSONValues() {
        #expect(broken("maybe", ["enum": ["yes", "no"]]) == ["$ enum"])
        #expect(broken("no", ["enum": ["yes", "no"]]).isEmpty)
        #expect(broken("greet", ["const": "hello"]) == ["$ const"])
        #expect(broken(1.0, ["const": 1]).isEmpty, "1.0 and 1 are one number")
    }

    @Test func aReferenceIsFollowedAndOneThatDoesNotResolveIsAFinding() {
        #expect(broken(["users": [1]], ["$ref": "#/components/schemas/Audience"]) == ["$.users[0] type"])
        #expect(broken([:], ["$ref": "#/components/schemas/Audience"]) == ["$ required"])
        #expect(broken([:], ["$ref": "#/components/schemas/Nobody"]) == ["$ $ref"])
        #expect(broken([:], ["$ref": "#/components/schemas/Loop"]) == ["$ $ref"], "a loop ends in a finding, not a crash")
    }

    @Test func oneOfNeedsExactlyOneAnyOfAtLeastOneAllOfEvery() {
        let oneOf: JSONValue = ["oneOf": [["type": "integer"], ["type": "number"]]]
        #expect(broken(1.5, oneOf).isEmpty)
        #expect(broken(1, oneOf) == ["$ oneOf"], "an integer is both: not exactly one")
        #expect(broken("x", oneOf) == ["$ oneOf"])
        #expect(broken("x", ["anyOf": [["type": "integer"], ["type": "boolean"]]]) == ["$ anyOf"])
        #expect(broken(1, ["anyOf": [["type": "integer"], ["type": "number"]]]).isEmpty)
        #expect(broken(5, ["allOf": [["minimum": 1], ["maximum": 3]]]) == ["$ maximum"])
    }

    @Test func boundsOfNumbersAndStrings() {
        #expect(broken(0, ["minimum": 1]) == ["$ minimum"])
        #expect(broken(4, ["maximum": 3]) == ["$ maximum"])
        #expect(broken(2, ["minimum": 1, "maximum": 3]).isEmpty)
        #expect(broken("", ["minLength": 1]) == ["$ minLength"])
        #expect(broken("abcd", ["maxLength": 3]) == ["$ maxLength"])
        #expect(broken("é€😀", ["maxLength": 3]).isEmpty, "lengths count characters, not bytes")
        #expect(broken("b12", ["pattern": "^a"]) == ["$ pattern"])
    }

    @Test func dateTimeIsRFC3339() {
        let schema: JSONValue = ["type": "string", "format": "date-time"]
        #expect(broken("2026-12-02T06:10:00Z", schema).isEmpty)
        #expect(broken("2026-12-02T06:10:00.123+01:00", schema).isEmpty)
        #expect(broken("2026-12-02 06:10", schema) == ["$ format"])
        #expect(broken("yesterday", schema) == ["$ format"])
        #expect(broken("x", ["format": "email"]) == ["$ format"], "a format the checker does not know is not waved through")
    }

    @Test func anUnknownKeywordIsAFindingSoOpenAPI30sNullableCannotPass() {
        #expect(broken(.null, ["type": "string", "nullable": true]) == ["$ keyword", "$ type"])
        #expect(broken("x", ["type": "string", "description": "notes are fine"]).isEmpty)
        let problems = checker.problems(inSchema: ["type": "object", "properties": ["a": ["nullable": true, "$ref": "#/components/schemas/Gone"]]])
        #expect(problems.map { "\($0.path) \($0.rule)" } == ["#/properties/a keyword", "#/properties/a $ref"])
    }

    @Test func pathsNameNestedKeysAndIndexes() {
        let schema: JSONValue = [
            "type": "object", "properties": ["jobs": ["type": "array", "items": ["type": "object", "properties": ["state": ["enum": ["queued"]]]]]],
        ]
        let found = checker.findings(["jobs": [["state": "queued"], ["state": "lost"]]], against: schema)
        #expect(found.map(\.description) == [#"$.jobs[1].state: enum: "lost" is not one of ["queued"]"#])
        #expect(broken(["odd key": 1], ["type": "object"]) == [#"$["odd key"] additionalProperties"#])
    }

    @Test func falseAllowsNothingAndTrueEverything() {
        #expect(broken(1, false) == ["$ false"])
        #expect(broken(["any": [1, "x"]], true).isEmpty)
        #expect(broken(["any": [1, "x"]], [:]).isEmpty, "the empty schema is any value")
    }
}
