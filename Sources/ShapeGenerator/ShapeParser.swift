import Foundation

/// Reads a `.shape` file's lines (the grammar is in README.md).
struct ShapeParser {
    /// Why a declaration was refused, with its line.
    struct Failure: Error, CustomStringConvertible {
        let file: String
        let line: Int
        let reason: String
        var description: String { "\(file):\(line): error: \(reason)" }
    }

    let file: String

    func parse(_ text: String) throws -> ShapeFile {
        var result = ShapeFile()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let (tokens, docs) = try split(line, at: offset + 1)
            guard let word = tokens.first else { continue }
            let rest = Array(tokens.dropFirst())
            switch word {
            case "import":
                guard rest.count == 1 else { throw failure(offset + 1, "import takes one module") }
                result.imports.append(rest[0])
            case "enum":
                guard rest.count == 1 else { throw failure(offset + 1, "enum takes one type") }
                result.enums.append(rest[0])
            case "shape":
                result.shapes.append(try shape(rest, docs, at: offset + 1))
            case "member":
                guard !result.shapes.isEmpty else { throw failure(offset + 1, "a member before any shape") }
                let member = try self.member(rest, docs, at: offset + 1)
                if result.shapes[result.shapes.count - 1].members.contains(where: { $0.key == member.key }) {
                    throw failure(offset + 1, "the key \"\(member.key)\" is declared twice")
                }
                result.shapes[result.shapes.count - 1].members.append(member)
            default:
                throw failure(offset + 1, "expected import, enum, shape or member, not \"\(word)\"")
            }
        }
        return result
    }

    private func shape(_ tokens: [String], _ docs: String?, at line: Int) throws -> Shape {
        guard let type = tokens.first else { throw failure(line, "shape needs a type") }
        var shape = Shape(type: type, component: String(type.split(separator: ".").last!), docs: docs)
        for option in tokens.dropFirst() {
            let (name, value) = pair(option)
            switch (name, value) {
            case ("component", let value?): shape.component = value
            case ("internal", nil): shape.isPublic = false
            case ("unlisted", nil): shape.isDocumented = false
            case ("splice", let value?): shape.splice = value
            case ("check", let value?): shape.check = value
            case ("init", nil): shape.initialized = true
            case ("random", "source"): shape.randomFromSource = true
            default: throw failure(line, "unknown shape option \"\(option)\"")
            }
        }
        return shape
    }

    private func member(_ tokens: [String], _ docs: String?, at line: Int) throws -> Member {
        guard tokens.count >= 3 else { throw failure(line, "member needs a key, a type and a rule") }
        guard let docs, !docs.isEmpty else { throw failure(line, "member \(tokens[0]) needs its docs, in quotes, at the end") }
        let rule: Member.Rule
        switch pair(tokens[2]) {
        case ("required", nil): rule = .required
        case ("present", nil): rule = .present
        case ("optional", nil): rule = .optional
        case ("nullable", nil): rule = .nullable
        case ("default", let value?): rule = .defaulted(value)
        default: throw failure(line, "expected a rule (required, present, optional, nullable, default=EXPR), not \"\(tokens[2])\"")
        }
        var member = Member(key: tokens[0], type: tokens[1], rule: rule, property: tokens[0], docs: docs)
        for option in tokens.dropFirst(3) {
            switch pair(option) {
            case ("property", let value?): member.property = value
            case ("read", let value?): member.read = value
            case ("write", let value?): member.write = value
            case ("omit", let value?): member.omit = value
            case ("schema", let value?): member.schema = value
            default: throw failure(line, "unknown member option \"\(option)\"")
            }
        }
        return member
    }

    /// `name=value`, or a bare word.
    private func pair(_ token: String) -> (String, String?) {
        guard let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    /// The words of a line, and its quoted docs at the end.
    private func split(_ line: String, at number: Int) throws -> ([String], String?) {
        var head = line
        var docs: String?
        if let quote = line.firstIndex(of: "\"") {
            let quoted = line[line.index(after: quote)...]
            guard quoted.hasSuffix("\""), quoted.count >= 1 else { throw failure(number, "the docs must end the line, in quotes") }
            docs = String(quoted.dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            head = String(line[..<quote])
        }
        return (head.split(separator: " ").map(String.init), docs)
    }

    private func failure(_ line: Int, _ reason: String) -> Failure { Failure(file: file, line: line, reason: reason) }
}
