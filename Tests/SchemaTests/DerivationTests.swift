import Foundation
import JSON
import Presentation
import Schema
import Testing

/// Schemas derived from `Decodable` types: what the type's decoding asks for, and nothing it does not.
struct DerivationTests {
    struct Greeting: Decodable {
        var name: String
        var times: Int?
        var loud: Bool
    }

    enum Priority: String, Decodable, CaseIterable { case low, high }
    enum Level: Int, Decodable, CaseIterable {
        case one = 1
        case two = 2
    }

    struct Order: Decodable {
        struct Line: Decodable {
            var sku: String
            var quantity: UInt8
        }
        var id: UUID
        var lines: [Line]
        var priority: Priority
        var level: Level?
        var when: Date
        var attributes: [String: Double]
        var extra: JSONValue?
    }

    @Test func aStructBecomesAnObjectWithItsRequiredAndOptionalProperties() throws {
        let schema = try JSONSchema(deriving: Greeting.self)
        #expect(
            schema
                == .object(
                    ["name": .string(), "times": JSONSchema.integer().orNull, "loud": .boolean()], required: ["name", "loud"]))
        #expect(schema.required == ["name", "loud"], "in declaration order")
    }

    @Test func nestedArraysEnumsDatesAndDictionariesAreFollowed() throws {
        let schema = try JSONSchema(deriving: Order.self)
        #expect(schema.required == ["id", "lines", "priority", "when", "attributes"])
        #expect(schema.properties?["id"] == .string(minLength: 36, maxLength: 36, description: "a UUID"))
        #expect(
            schema.properties?["lines"]
                == .array(
                    of: .object(
                        ["sku": .string(), "quantity": .integer(minimum: 0, maximum: 255)], required: ["sku", "quantity"])))
        #expect(schema.properties?["priority"] == .string(oneOf: ["low", "high"]))
        var level = JSONSchema.integer()
        level.enum = [.integer(1), .integer(2)]
        #expect(schema.properties?["level"] == level.orNull)
        #expect(schema.properties?["when"]?.type == [.string])
        var attributes = JSONSchema(.object)
        attributes.additionalProperties = .schema(.number())
        #expect(schema.properties?["attributes"] == attributes)
        #expect(schema.properties?["extra"] == JSONSchema())
    }

    @Test func aDerivedSchemaAcceptsWhatTheTypeDecodesAndRefusesWhatItDoesNot() throws {
        let schema = try JSONSchema(deriving: Greeting.self)
        let good: JSONValue = .object(["name": .string("Ada"), "loud": .bool(true), "unknown": .integer(1)])
        #expect(schema.violations(of: good).isEmpty)
        #expect(try good.decode(as: Greeting.self).name == "Ada")
        let bad: JSONValue = .object(["name": .integer(1)])
        #expect(schema.violations(of: bad).map(\.description) == ["$.loud: is required", "$.name: must be a string, is an integer"])
        #expect(throws: DecodingError.self) { try bad.decode(as: Greeting.self) }
    }

    struct Checked: Decodable {
        var code: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(String.self, forKey: .code)
            guard code.count == 3 else {
                throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "three letters")
            }
        }
        enum CodingKeys: String, CodingKey { case code }
    }

    struct Holder: Decodable { var inner: Checked }

    @Test func aTypeThatRefusesPlaceholdersIsReportedWithItsPath() throws {
        let error = try #require(throws: SchemaDerivationError.self) { try JSONSchema(deriving: Holder.self) }
        #expect(error.type == "Holder")
        #expect(error.path == "inner")
        #expect(error.description.contains("write it yourself"))
    }

    struct Described: Decodable, SchemaDescribing {
        var code: String
        init(from decoder: any Decoder) throws { self = try Checked(from: decoder).described }
        init(code: String) { self.code = code }
        static var jsonSchema: JSONSchema { .object(["code": .string(minLength: 3, maxLength: 3)], required: ["code"]) }
    }

    struct HoldsDescribed: Decodable { var inner: Described }

    @Test func aTypeThatDescribesItselfIsTakenAtItsWord() throws {
        let schema = try JSONSchema(deriving: HoldsDescribed.self)
        #expect(schema.properties?["inner"] == Described.jsonSchema)
    }

    indirect enum Tree: Decodable {
        case leaf
        case node(Tree)
    }

    final class Node: Decodable {
        let next: Node?
    }

    @Test func enumsWithValuesAndRecursiveTypesAreRefusedNotLoopedOn() {
        #expect(throws: SchemaDerivationError.self) { try JSONSchema(deriving: Tree.self) }
        #expect(throws: SchemaDerivationError.self) { try JSONSchema(deriving: Node.self) }
    }
}

extension DerivationTests.Checked {
    var described: DerivationTests.Described { DerivationTests.Described(code: code) }
}
