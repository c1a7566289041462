import Foundation
import Presentation
import Resolver
import Testing

/// A policy's answer may fill in the question's text fields.
struct PolicyValuesTests {
    static let json = """
        {"rules": [{"match": {"operation": "exportProject"}, "answer": {"action": "tryAgain", "values": {"folder": "library/exports"}}}],
         "default": {"role": "cancel", "values": {"note": "by policy"}}}
        """

    @Test func aRuleAndTheDefaultCarryTheirValuesIntoTheDecision() throws {
        let policy = try AnswerPolicy(json: Data(Self.json.utf8))
        let presentation = Seed.destinationUnavailable.presentation
        #expect(policy.decide(presentation, operation: "exportProject")?.values == ["folder": "library/exports"])
        #expect(policy.decide(presentation, operation: "other")?.values == ["note": "by policy"])
    }

    @Test func valuesThatAreNotStringsAreAPolicyErrorWithTheirPath() {
        let bad = #"{"rules": [{"match": {}, "answer": {"action": "retry", "values": {"folder": 3}}}]}"#
        #expect(throws: PolicyError.self) { try AnswerPolicy(json: Data(bad.utf8)) }
    }
}
