public import Foundation
public import Presentation

/// Answers presentations without a person, from rules read from a JSON file.
///
/// `{"rules": [{"match": {…}, "answer": {…}}, …], "default": null | {…}}`. The first rule that
/// matches and whose answer exists in the presentation decides; a matching rule whose answer does not
/// exist falls through (and is reported). With no rule deciding, `default` answers if it exists in the
/// presentation; otherwise there is no decision and a person answers.
public struct AnswerPolicy: Sendable, Hashable, Decodable {
    /// The rules, tried in order.
    public var rules: [PolicyRule]
    /// The answer when no rule decides; `nil` leaves those presentations to a person.
    public var fallback: PolicyAnswer?
    /// The default answer's text for fields.
    public var fallbackValues: [String: String]?

    /// A policy of these rules and this default answer.
    public init(rules: [PolicyRule], default fallback: PolicyAnswer? = nil) {
        self.rules = rules
        self.fallback = fallback
    }

    /// Reads the policy file's document; `rules` must be a non-empty array.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.policyObject(allowing: ["rules", "default"])
        try container.require("rules", "a policy needs \"rules\": a non-empty array")
        rules = try container.decode([PolicyRule].self, forKey: PolicyKey("rules"))
        if rules.isEmpty {
            throw PolicyError(.emptyRules, at: [PolicyKey("rules")], "a policy needs at least one rule")
        }
        fallback = try container.decodeIfPresent(PolicyAnswer.self, forKey: PolicyKey("default"))
        fallbackValues = try container.decodeIfPresent(PolicyValues.self, forKey: PolicyKey("default"))?.values
    }

    /// Decodes a policy document, turning every decoding failure into a `PolicyError` with its path.
    public init(json: Data) throws(PolicyError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: json)
        } catch let error as PolicyError {
            throw error
        } catch let error as DecodingError {
            throw PolicyError(error)
        } catch {
            throw PolicyError(.invalidJSON, path: "$", "\(error)")
        }
    }

    /// Reads and decodes the policy file at `url`.
    public init(contentsOf url: URL) throws(PolicyError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PolicyError(.unreadableFile, path: "$", "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(json: data)
    }

    /// The action to answer `presentation` with, asked by a job running `operation`; `nil` when a person must.
    public func decide(_ presentation: Presentation, operation: String?) -> PolicyDecision? {
        evaluate(presentation, operation: operation).decision
    }

    /// Like `decide`, and also lists the matching rules that could not answer, for the log.
    public func evaluate(_ presentation: Presentation, operation: String?) -> PolicyEvaluation {
        var skipped: [String] = []
        for (index, rule) in rules.enumerated() where rule.match.matches(presentation, operation: operation) {
            let name = "rules[\(index)] (\(rule.match.summary))"
            switch rule.answer.resolve(in: presentation) {
            case .success(let action):
                let decision = PolicyDecision(action: action.id, rule: index, reason: "\(name): \(rule.answer) → \(action.id)", values: rule.values)
                return PolicyEvaluation(decision: decision, skipped: skipped)
            case .failure(let unavailable):
                skipped.append("\(name): the presentation \(unavailable.reason)")
            }
        }
        guard let fallback else { return PolicyEvaluation(decision: nil, skipped: skipped) }
        switch fallback.resolve(in: presentation) {
        case .success(let action):
            let decision = PolicyDecision(action: action.id, rule: nil, reason: "default: \(fallback) → \(action.id)", values: fallbackValues)
            return PolicyEvaluation(decision: decision, skipped: skipped)
        case .failure(let unavailable):
            return PolicyEvaluation(decision: nil, skipped: skipped + ["default: the presentation \(unavailable.reason)"])
        }
    }
}
