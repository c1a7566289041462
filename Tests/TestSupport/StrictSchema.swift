import Foundation
public import JSON

/// One way a JSON value breaks a schema: where (a JSON path such as `$.jobs[0].state`), the rule it
/// breaks (the schema keyword, such as `required`), and what is wrong.
public struct SchemaFinding: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value, `$` being the whole document.
    public let path: String
    /// The schema keyword broken, such as `type` or `additionalProperties`.
    public let rule: String
    /// What is wrong, in words.
    public let message: String

    /// A finding at `path` of `rule`.
    public init(_ path: String, _ rule: String, _ message: String) {
        self.path = path
        self.rule = rule
        self.message = message
    }

    public var description: String { "\(path): \(rule): \(message)" }
}

/// JSON Schema as OpenAPI 3.1 uses it, checked strictly: an object schema lists every key it allows
/// (`properties`, or `additionalProperties` true or a schema), and a keyword the checker does not know
/// is itself a finding (OpenAPI 3.0's `nullable`, say), so a schema cannot pass by being misread.
///
/// Known: `type` (a name or a list, `null` included), `properties`, `required`, `additionalProperties`,
/// `items`, `minItems`, `maxItems`, `enum`, `const`, `$ref` (`#/components/schemas/…` in `document`),
/// `oneOf`, `anyOf`, `allOf`, `minimum`, `maximum`, `minLength`, `maxLength`, `pattern` and
/// `format: date-time`; `description`, `title`, `default`, `examples` and `deprecated` are notes.
public struct StrictSchema: Sendable {
    /// The document `$ref`s point into.
    public let document: JSONValue

    static let notes: Set<String> = ["description", "title", "default", "examples", "example", "deprecated", "$comment"]
    static let assertions: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "enum", "const", "$ref",
        "oneOf", "anyOf", "allOf", "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
    ]

    /// A checker whose references resolve in `document`.
    public init(document: JSONValue) {
        self.document = document
    }

    /// Every way `value` breaks `schema`, at paths under `path`; empty when it conforms.
    public func findings(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [SchemaFinding] {
        var findings: [SchemaFinding] = []
        check(value, schema, path, depth: 0, into: &findings)
        return findings
    }

    /// The schema a `#/components/schemas/…` reference names, or nil.
    public func resolve(_ reference: String) -> JSONValue? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        return document["components"]?["schemas"]?[String(reference.dropFirst(prefix.count))]
    }

    func check(_ value: JSONValue, _ schema: JSONValue, _ path: String, depth: Int, into findings: inout [SchemaFinding]) {
        guard depth < 64 else { return findings.append(SchemaFinding(path, "$ref", "references nest deeper than 64")) }
        switch schema {
        case .bool(true): return
        case .bool(false): return findings.append(SchemaFinding(path, "false", "the schema allows nothing here"))
        case .object(let keywords):
            for key in keywords.keys.sorted() where !Self.notes.contains(key) && !Self.assertions.contains(key) {
                findings.append(SchemaFinding(path, "keyword", "the schema uses \(key), which JSON Schema as OpenAPI 3.1 uses does not know"))
            }
            checkKeywords(value, keywords, path, depth: depth, into: &findings)
        default: findings.append(SchemaFinding(path, "schema", "a schema is an object or a boolean, not \(schema)"))
        }
    }

    private func checkKeywords(_ value: JSONValue, _ schema: [String: JSONValue], _ path: String, depth: Int, into findings: inout [SchemaFinding]) {
        if let reference = schema["$ref"] {
            if let target = reference.stringValue.flatMap(resolve) {
                check(value, target, path, depth: depth + 1, into: &findings)
            } else {
                findings.append(SchemaFinding(path, "$ref", "\(reference) does not resolve to a schema in components"))
            }
        }
        if let type = schema["type"] { checkType(value, type, path, into: &findings) }
        if let choices = schema["enum"] {
            if case .array(let allowed) = choices, !allowed.contains(where: { Self.same($0, value) }) {
                findings.append(SchemaFinding(path, "enum", "\(Self.show(value)) is not one of \(Self.show(choices))"))
            }
        }
        if let constant = schema["const"], !Self.same(constant, value) {
            findings.append(SchemaFinding(path, "const", "\(Self.show(value)) is not \(Self.show(constant))"))
        }
        checkCombinations(value, schema, path, depth: depth, into: &findings)
        switch value {
        case .object(let object): checkObject(object, schema, path, depth: depth, into: &findings)
        case .array(let items): checkArray(items, schema, path, depth: depth, into: &findings)
        case .string(let text): checkString(text, schema, path, into: &findings)
        case .integer, .number: checkNumber(value, schema, path, into: &findings)
        case .null, .bool: break
        }
    }

    private func checkCombinations(_ value: JSONValue, _ schema: [String: JSONValue], _ path: String, depth: Int, into findings: inout [SchemaFinding]) {
        if case .array(let all)? = schema["allOf"] {
            for part in all { check(value, part, path, depth: depth + 1, into: &findings) }
        }
        if case .array(let any)? = schema["anyOf"] {
            let failures = any.map { branchFindings($0, value, path, depth) }
            if !failures.contains(where: \.isEmpty) {
                findings.append(SchemaFinding(path, "anyOf", "matches none of \(any.count) choices: \(Self.summary(failures))"))
            }
        }
        if case .array(let one)? = schema["oneOf"] {
            let failures = one.map { branchFindings($0, value, path, depth) }
            let matching = failures.filter(\.isEmpty).count
            if matching == 0 {
                findings.append(SchemaFinding(path, "oneOf", "matches none of \(one.count) choices: \(Self.summary(failures))"))
            } else if matching > 1 {
                findings.append(SchemaFinding(path, "oneOf", "matches \(matching) of its choices, not exactly one"))
            }
        }
    }

    private func branchFindings(_ schema: JSONValue, _ value: JSONValue, _ path: String, _ depth: Int) -> [SchemaFinding] {
        var found: [SchemaFinding] = []
        check(value, schema, path, depth: depth + 1, into: &found)
        return found
    }

    private static func summary(_ failures: [[SchemaFinding]]) -> String {
        failures.enumerated().map { "(\($0.offset + 1)) \($0.element.first.map(String.init(describing:)) ?? "")" }.joined(separator: "; ")
    }
}

extension StrictSchema {
    /// What is wrong with `schema` itself, wherever it nests: keywords the checker does not know,
    /// references that do not resolve, and subschemas that are neither objects nor booleans.
    public func problems(inSchema schema: JSONValue, at path: String = "#") -> [SchemaFinding] {
        switch schema {
        case .bool: return []
        case .object(let keywords):
            var found: [SchemaFinding] = []
            for key in keywords.keys.sorted() where !Self.notes.contains(key) && !Self.assertions.contains(key) {
                found.append(SchemaFinding(path, "keyword", "unknown keyword \(key)"))
            }
            if let reference = keywords["$ref"], reference.stringValue.flatMap(resolve) == nil {
                found.append(SchemaFinding(path, "$ref", "\(reference) does not resolve"))
            }
            if case .object(let properties)? = keywords["properties"] {
                for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
                    found += problems(inSchema: property, at: "\(path)/properties/\(name)")
                }
            }
            for key in ["items", "additionalProperties"] {
                if let nested = keywords[key] { found += problems(inSchema: nested, at: "\(path)/\(key)") }
            }
            for key in ["oneOf", "anyOf", "allOf"] {
                guard let nested = keywords[key] else { continue }
                guard case .array(let parts) = nested, !parts.isEmpty else {
                    found.append(SchemaFinding(path, key, "\(key) is not a list of schemas"))
                    continue
                }
                for (index, part) in parts.enumerated() { found += problems(inSchema: part, at: "\(path)/\(key)/\(index)") }
            }
            return found
        default: return [SchemaFinding(path, "schema", "a schema is an object or a boolean")]
        }
    }
}
