import Foundation
import Presentation
import Resolver
import Testing

/// The first matching rule whose answer exists decides; others fall through with a reason.
struct PolicyDecisionTests {
    static let policy = try! AnswerPolicy(
        json: Data(
            """
            {
              "rules": [
                {"match": {"operation": "removeDownload", "role": "destructive"}, "answer": {"role": "cancel"}},
                {"match": {"kind": "alert", "title": "Confirm*"}, "answer": {"action": "reset"}},
                {"match": {"operation": "addStop"}, "answer": {"action": "moveToDay"}},
                {"match": {"title": "Can't reach the destination"}, "answer": {"action": "tryAgain"}}
              ],
              "default": null
            }
            """.utf8))

    @Test(
        "Presentations get the answers the rules give",
        arguments: [
            (Seed.removeDownload, "removeDownload", "cancel", 0),
            (.resetPreferences, "resetPreferences", "reset", 1),
            (.routeConflict, "addStop", "moveToDay", 2),
            (.destinationUnavailable, "exportProject", "tryAgain", 3),
        ] as [(Seed, String, String, Int)])
    func decisions(_ seed: Seed, _ operation: String, _ action: String, _ rule: Int) throws {
        let decision = try #require(Self.policy.decide(seed.presentation, operation: operation))
        #expect(decision.action == action)
        #expect(decision.rule == rule)
        #expect(decision.reason.hasPrefix("rules[\(rule)] ("))
    }

    @Test("A rule whose answer the presentation lacks falls through, and the reason is kept")
    func fallThrough() {
        let evaluation = Self.policy.evaluate(Fixtures.restoreBackup, operation: "restoreBackup")
        #expect(evaluation.decision == nil)
        #expect(evaluation.skipped == [#"rules[1] (kind=alert, title=Confirm*): the presentation offers no action "reset""#])
    }

    @Test("Nothing matches: no decision without a default")
    func noMatch() {
        #expect(Self.policy.decide(Fixtures.noAvailableSpace, operation: "exportProject") == nil)
        #expect(Self.policy.decide(Fixtures.removeDownload, operation: nil) == nil)
    }

    @Test(
        "The default answers what no rule decides, if it can",
        arguments: [
            (PolicyAnswer.role(.cancel), Seed.noAvailableSpace, "cancel"),
            (.role(.cancel), .restoreBackup, "cancel"),
            (.action("tryAgain"), .noAvailableSpace, nil),
            (.role(.destructive), .restoreBackup, nil),
        ] as [(PolicyAnswer, Seed, String?)])
    func defaults(_ fallback: PolicyAnswer, _ seed: Seed, _ expected: String?) {
        var policy = Self.policy
        policy.fallback = fallback
        let decision = policy.decide(seed.presentation, operation: "other")
        #expect(decision?.action == expected)
        #expect(decision.map { $0.rule == nil && $0.reason.hasPrefix("default: ") } ?? true)
    }

    @Test(
        "Titles match as globs",
        arguments: [
            ("Remove*", "Remove download", true), ("Remove", "Remove download", false), ("*download", "Remove download", true),
            ("R?move*", "Remove download", true), ("*", "", true), ("Confirm operation", "Confirm operation", true),
            ("*a*b", "xaxb", true), ("*a*b", "xaxbx", false), ("remove*", "Remove download", false),
        ])
    func glob(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(text) == expected)
    }

    @Test("A role answer needs exactly one action with that role")
    func ambiguousRole() {
        let presentation = Fixtures.make(
            .alert(
                "Two ways",
                actions: [
                    Action(id: "a", label: "A", role: .destructive), Action(id: "b", label: "B", role: .destructive),
                    Action(id: "c", label: "C", role: .cancel),
                ]))
        let policy = AnswerPolicy(rules: [PolicyRule(match: PolicyMatch(), answer: .role(.destructive))])
        #expect(policy.evaluate(presentation, operation: nil).skipped == ["rules[0] (any): the presentation offers 2 destructive actions"])
    }
}
