public import Presentation

/// What a policy answers: an action by id, or the action with a role.
public enum PolicyAnswer: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The action with this id: `{"action": "cancel"}`.
    case action(String)
    /// The one action with this role: `{"role": "cancel"}`.
    case role(Action.Role)

    /// Reads exactly one of `action` and `role` (`values`, for text fields, is read by `PolicyValues`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.policyObject(allowing: ["action", "role", "values"])
        let action = try container.decodeIfPresent(String.self, forKey: PolicyKey("action"))
        let role = try container.policyEnum(Action.Role.self, "role", code: .unknownRole)
        switch (action, role) {
        case (let action?, nil): self = .action(action)
        case (nil, let role?): self = .role(role)
        default:
            throw PolicyError(.invalidAnswer, at: decoder.codingPath, "an answer names exactly one of \"action\" or \"role\"")
        }
    }

    /// The action this answer picks in `presentation`, or why there is none.
    public func resolve(in presentation: Presentation) -> Result<Action, Unavailable> {
        switch self {
        case .action(let id):
            return presentation.action(id).map { .success($0) } ?? .failure(Unavailable("offers no action \"\(id)\""))
        case .role(let role):
            let actions = presentation.actions.filter { $0.role == role }
            if actions.count == 1 { return .success(actions[0]) }
            return .failure(Unavailable(actions.isEmpty ? "offers no \(role.rawValue) action" : "offers \(actions.count) \(role.rawValue) actions"))
        }
    }

    /// `action cancel` or `role cancel`, for logs.
    public var description: String {
        switch self {
        case .action(let id): "action \(id)"
        case .role(let role): "role \(role.rawValue)"
        }
    }

    /// Why an answer does not fit a presentation: `offers no action "cancel"`.
    public struct Unavailable: Error, Sendable, Hashable {
        /// The reason, completing "the presentation …".
        public let reason: String

        /// A reason completing "the presentation …".
        public init(_ reason: String) {
            self.reason = reason
        }
    }
}

/// The `values` of an answer object: text for the question's fields, by field id (`{"action": "useAnotherFolder",
/// "values": {"folder": "library/exports"}}`). The broker checks them; a refusal leaves the question to a person.
struct PolicyValues: Decodable {
    let values: [String: String]?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PolicyKey.self)
        values = try container.decodeIfPresent([String: String].self, forKey: PolicyKey("values"))
    }
}
