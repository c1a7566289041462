/// One rule of an answer policy: when `match` holds, answer with `answer`.
public struct PolicyRule: Sendable, Hashable, Decodable {
    /// Which presentations the rule is for.
    public var match: PolicyMatch
    /// What to answer them.
    public var answer: PolicyAnswer
    /// Text for the question's fields, sent with the answer.
    public var values: [String: String]?

    /// A rule answering `answer` (with `values` for text fields) to what fits `match`.
    public init(match: PolicyMatch, answer: PolicyAnswer, values: [String: String]? = nil) {
        self.match = match
        self.answer = answer
        self.values = values
    }

    /// Reads `{"match": {…}, "answer": {…}}`; both are required (`"match": {}` matches everything).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.policyObject(allowing: ["match", "answer"])
        try container.require("match", "a rule needs a \"match\" object; {} matches every presentation")
        try container.require("answer", "a rule needs an \"answer\": {\"action\": …} or {\"role\": …}")
        match = try container.decode(PolicyMatch.self, forKey: PolicyKey("match"))
        answer = try container.decode(PolicyAnswer.self, forKey: PolicyKey("answer"))
        values = try container.decode(PolicyValues.self, forKey: PolicyKey("answer")).values
    }
}
