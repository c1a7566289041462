import Foundation
import Presentation
import TestSupport
import Testing

/// Field patterns: our linear-time engine gives the whole-match answers a backtracking engine gives on
/// the patterns both accept, refuses what lies outside its subset, and never costs more than its bound.
@Suite struct FieldPatternTests {
    static let table: [(pattern: String, value: String, matches: Bool)] = [
        ("[a-z]+", "ana", true), ("[a-z]+", "Ana", false), ("[a-z]+", "", false), ("[a-z]*", "", true),
        (#"\d{3}-\d{4}"#, "555-1234", true), (#"\d{3}-\d{4}"#, "555-12345", false), (#"\d{2,4}"#, "1", false),
        (#"\d{2,4}"#, "12345", false), (#"\d{2,4}"#, "123", true), (#"\d{2,}"#, "1234567", true),
        ("a|bc", "a", true), ("a|bc", "bc", true), ("a|bc", "abc", false), ("(?:ab)+", "ababab", true), ("(ab)+", "aba", false),
        ("colou?r", "color", true), ("colou?r", "colour", true), ("colou?r", "colouur", false),
        ("[^0-9]+", "abc", true), ("[^0-9]+", "ab1", false), (#"[\w.-]+@[\w-]+\.\w+"#, "ana.b-c@ex-1.org", true),
        (#"\S+\s\S+"#, "two words", true), (#"\S+\s\S+"#, "two  words", false), (#"\W"#, "!", true), (#"\D\d"#, "x7", true),
        (".", "é", true), ("...", "ab", false), (#"\.\*\+\?\(\)\[\]\{\}\|\^\$\\"#, #".*+?()[]{}|^$\"#, true),
        ("^abc$", "abc", true), ("a^b", "ab", false), ("a$|b", "a", true), ("[-a]+", "-a-", true), ("[a-]+", "a-", true),
        ("[]-]", "x", false), ("(a|)+b", "aab", true), ("(a*)*b", "aaab", true), ("(a*)*b", "aaa", false),
        ("x{0}y", "y", true), ("(?:a|b)*?c", "abbac", true), ("[α-ω]+", "λόγος", false), ("[α-ω]+", "λογος", true),
        (#"\d+"#, "٣٤", true), (#"\w+"#, "naïve_1", true), ("", "", true), ("", "a", false), ("a||b", "", true),
    ]

    @Test("Matches the whole value as ^(?:pattern)$ does in NSRegularExpression", arguments: table)
    func matchesAsABacktrackingEngineDoes(_ pattern: String, _ value: String, _ matches: Bool) throws {
        if pattern == "[]-]" {
            #expect(throws: PatternError.self) { try FieldPattern(pattern) }  // ICU reads it otherwise; we refuse it
            return
        }
        #expect(try FieldPattern(pattern).matches(value) == matches, "\(pattern) against \(value)")
        #expect(Self.reference(pattern, value) == matches, "the table agrees with NSRegularExpression")
    }

    @Test("Random patterns of the subset over random values agree with NSRegularExpression (seeded)")
    func randomPatternsAgreeWithTheReference() throws {
        var random = SeededRandom(seed: 23)
        let pieces = ["a", "b", "ab", ".", "[ab]", "[^a]", #"\d"#, #"\w"#, "(a|b)", "(?:ab|a)", "c"]
        let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}"]
        for _ in 0..<400 {
            let pattern = (0..<Int.random(in: 1...4, using: &random)).map { _ in random.pick(pieces) + random.pick(quantifiers) }.joined()
            let compiled = try FieldPattern(pattern)
            for _ in 0..<10 {
                let value = String((0..<Int.random(in: 0...7, using: &random)).map { _ in random.pick(Array("abc1")) })
                #expect(compiled.matches(value) == Self.reference(pattern, value), "\(pattern) against \(value)")
            }
        }
    }

    @Test(
        "Patterns that make a backtracking engine take exponential time cost at most 2 × (scalars + 1) × size steps on 10,000 characters",
        arguments: ["(a+)+b", "(a|a)*b", "(a*)*b", "(a|aa)+$b", "(.*a){20}"])
    func pathologicalPatternsStayLinear(_ pattern: String) throws {
        let compiled = try FieldPattern(pattern)
        let value = String(repeating: "a", count: 10_000)
        let run = compiled.evaluate(value)
        #expect(!run.matches || pattern == "(.*a){20}")
        #expect(run.steps <= 2 * (10_000 + 1) * compiled.size, "\(run.steps) steps for a program of \(compiled.size)")
    }

    static let refused: [(pattern: String, code: PatternError.Code, says: String)] = [
        (#"(a)\1"#, .unsupported, "backreferences"), ("(?=a)a", .unsupported, "lookaround"), ("(?<!a)b", .unsupported, "lookaround"),
        ("(?i)a", .unsupported, "flags"), (#"\bword\b"#, .unsupported, #"\b"#), (#"\p{L}"#, .unsupported, #"\p"#),
        ("a*+", .unsupported, "possessive"), ("[[a]]", .unsupported, "nested"), ("[a&&b]", .unsupported, "set operations"),
        ("(a", .malformed, "not closed"), ("a)", .malformed, "closes no group"), ("[a", .malformed, "not closed"),
        ("*a", .malformed, "nothing to repeat"), ("a**", .malformed, "repeats a quantifier"), ("a{3,1}", .malformed, "wrong way round"),
        ("a{x}", .malformed, "{m}, {m,} or {m,n}"), ("[z-a]", .malformed, "out of order"), ("a]", .malformed, "escaped"),
        ("a{1001}", .tooLarge, "at most 1000"), ("(a{100}){100}", .tooLarge, "instructions"), (#"\"#, .malformed, "ends"),
    ]

    @Test("A pattern outside the subset is refused naming the pattern and the problem", arguments: refused)
    func unsupportedSyntaxIsRefused(_ pattern: String, _ code: PatternError.Code, _ says: String) {
        #expect {
            try FieldPattern(pattern)
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return error.code == code && error.description.contains("\"\(pattern)\"") && error.problem.contains(says)
        }
    }

    @Test("A presentation whose field pattern is outside the subset is refused when it is asked, naming the field and the pattern")
    func aPresentationWithAnUnsupportedPatternIsRefused() {
        var draft = Presentation.Draft.alert("Name", actions: [Action(id: "ok", label: "OK")])
        draft.fields = [TextFieldState(id: "name", label: "Name", pattern: #"(\w)\1"#)]
        #expect {
            try Presentation(draft, id: "prs_1", job: "job_1", sequence: 1, createdAt: Date())
        } throws: { error in
            "\(error)".contains("field \"name\"") && "\(error)".contains(#"pattern "(\w)\1""#) && "\(error)".contains("unsupported")
        }
    }

    @Test("A value of more Unicode scalars than four per character of its longest length is refused before its pattern")
    func aValueOfTooManyScalarsIsRefusedFirst() {
        let field = TextFieldState(id: "name", label: "Name", maxLength: 10, pattern: "(a+)+b")
        let zalgo = "a" + String(repeating: "\u{301}", count: 40)  // one character of 41 scalars
        #expect(field.problem(with: zalgo) == "has 41 Unicode scalars; at most 40")
        #expect(field.problem(with: String(repeating: "a", count: 10)) == "does not match (a+)+b")
        #expect(field.problem(with: "aaab") == nil)
    }

    /// What NSRegularExpression says of the whole value, for patterns it matches quickly.
    static func reference(_ pattern: String, _ value: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
        return expression.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }
}

extension FieldPatternTests {
    @Test("A field whose pattern could take more than a million steps on its longest value is refused when asked; a lower maxLength lets it through")
    func aPatternTooCostlyForItsLengthIsRefused() throws {
        var draft = Presentation.Draft.alert("Name", actions: [Action(id: "ok", label: "OK")])
        draft.fields = [TextFieldState(id: "name", label: "Name", pattern: "[a-z]{0,64}")]
        #expect {
            try Presentation(draft, id: "prs_1", job: "job_1", sequence: 1, createdAt: Date())
        } throws: { error in
            "\(error)".contains("could take 1032258 steps on a value of 1000 characters; at most 1000000")
        }
        draft.fields = [TextFieldState(id: "name", label: "Name", maxLength: 64, pattern: "[a-z]{0,64}")]
        _ = try Presentation(draft, id: "prs_1", job: "job_1", sequence: 1, createdAt: Date())
    }
}
