public import Presentation

/// What a policy rule applies to; every field given must hold, and an empty match holds for everything.
public struct PolicyMatch: Sendable, Hashable, Decodable {
    /// The job's operation, exactly: `removeDownload`.
    public var operation: String?
    /// Alert or confirmation dialog.
    public var kind: Presentation.Kind?
    /// The default (English) title, as a glob: `Remove*`, or an exact title.
    public var title: Glob?
    /// The presentation offers an action with this role.
    public var role: Action.Role?

    /// A match on the given fields.
    public init(operation: String? = nil, kind: Presentation.Kind? = nil, title: Glob? = nil, role: Action.Role? = nil) {
        self.operation = operation
        self.kind = kind
        self.title = title
        self.role = role
    }

    /// Reads `{"operation", "kind", "title", "role"}`, refusing other fields and unknown values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.policyObject(allowing: ["operation", "kind", "title", "role"])
        operation = try container.decodeIfPresent(String.self, forKey: PolicyKey("operation"))
        kind = try container.policyEnum(Presentation.Kind.self, "kind", code: .unknownKind)
        title = try container.decodeIfPresent(String.self, forKey: PolicyKey("title")).map(Glob.init)
        role = try container.policyEnum(Action.Role.self, "role", code: .unknownRole)
    }

    /// Whether `presentation`, asked by a job running `operation`, fits every field given.
    public func matches(_ presentation: Presentation, operation: String?) -> Bool {
        if let expected = self.operation, expected != operation { return false }
        if let kind, kind != presentation.kind { return false }
        if let title, !title.matches(presentation.title) { return false }
        if let role, !presentation.actions.contains(where: { $0.role == role }) { return false }
        return true
    }

    /// The fields given, for logs: `operation=removeDownload, role=destructive`, or `any`.
    public var summary: String {
        let fields = [
            operation.map { "operation=\($0)" }, kind.map { "kind=\($0.rawValue)" },
            title.map { "title=\($0)" }, role.map { "role=\($0.rawValue)" },
        ].compactMap(\.self)
        return fields.isEmpty ? "any" : fields.joined(separator: ", ")
    }
}
