import Foundation
public import JSON

extension Presentation.Kind: JSONReadable {}
extension Presentation.TitleVisibility: JSONReadable {}

extension Presentation: JSONReadable {
    /// A stored or sent presentation, checked by the same rules as `init(from:)`.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var id: String?
        var job: String?
        var sequence: Int?
        var kind: Kind?
        var title: String?
        var titleVisibility: TitleVisibility?
        var message: String?
        var actions: [Action]?
        var fields: [TextFieldState]?
        var audience: Audience?
        var item: JSONValue?
        var error: PresentedError?
        var localization: Localization?
        var createdAt: Date?
        var expiresAt: Date?
        var escalation: Escalation?
        var escalatedAt: Date?
        var onExpiry: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            case "job": job = try reader.readIfPresent()
            case "sequence": sequence = try reader.readIfPresent()
            case "kind": kind = try reader.readIfPresent()
            case "title": title = try reader.readIfPresent()
            case "titleVisibility": titleVisibility = try reader.readIfPresent()
            case "message": message = try reader.readIfPresent()
            case "actions": actions = try reader.readIfPresent()
            case "fields": fields = try reader.readIfPresent()
            case "audience": audience = try reader.readIfPresent()
            case "item": item = try reader.readIfPresent()
            case "error": error = try reader.readIfPresent()
            case "localization": localization = try reader.readIfPresent()
            case "createdAt": createdAt = try reader.readIfPresent()
            case "expiresAt": expiresAt = try reader.readIfPresent()
            case "escalation": escalation = try reader.readIfPresent()
            case "escalatedAt": escalatedAt = try reader.readIfPresent()
            case "onExpiry": onExpiry = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        func needed<T>(_ value: T?, _ key: String) throws(JSONReadError) -> T {
            guard let value else { throw JSONReadError(offset: start, reason: "Presentation needs \"\(key)\"") }
            return value
        }
        self.id = try needed(id, "id")
        self.job = try needed(job, "job")
        self.sequence = try needed(sequence, "sequence")
        self.kind = try needed(kind, "kind")
        self.title = try needed(title, "title")
        self.titleVisibility = titleVisibility ?? .automatic
        self.message = message
        self.actions = try needed(actions, "actions")
        self.fields = fields ?? []
        self.audience = audience
        self.item = item
        self.error = error
        self.localization = localization
        self.createdAt = try needed(createdAt, "createdAt")
        self.expiresAt = expiresAt
        self.escalation = escalation
        self.escalatedAt = escalatedAt
        self.onExpiry = onExpiry
        do {
            try validate()
        } catch {
            throw JSONReadError(offset: start, reason: error.description)
        }
    }
}

extension Action.Role: JSONReadable {}

extension Action: JSONReadable {
    /// One choice of a presentation.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var id: String?
        var label: String?
        var role: Role?
        var localization: Localization?
        var approvals: Int?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            case "label": label = try reader.readIfPresent()
            case "role": role = try reader.readIfPresent()
            case "localization": localization = try reader.readIfPresent()
            case "approvals": approvals = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let id, let label else { throw JSONReadError(offset: start, reason: "Action needs \"id\" and \"label\"") }
        self.init(id: id, label: label, role: role, localization: localization, approvals: approvals ?? 1)
    }
}

extension Approval: JSONReadable {
    /// One person's approval of an action.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var action: String?
        var by: String?
        var channel: String?
        var at: Date?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "action": action = try reader.readIfPresent()
            case "by": by = try reader.readIfPresent()
            case "channel": channel = try reader.readIfPresent()
            case "at": at = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let action, let by, let channel, let at else {
            throw JSONReadError(offset: start, reason: "Approval needs \"action\", \"by\", \"channel\" and \"at\"")
        }
        self.init(action: action, by: by, channel: channel, at: at)
    }
}

extension Localization: JSONReadable {
    /// A key and its arguments.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var key: String?
        var arguments: [String]?
        try reader.readObject { reader, name throws(JSONReadError) in
            switch name {
            case "key": key = try reader.readIfPresent()
            case "arguments": arguments = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let key else { throw JSONReadError(offset: start, reason: "Localization needs \"key\"") }
        self.init(key, arguments ?? [])
    }
}

extension Audience: JSONReadable {
    /// Users and groups, each list optional.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var users: [String]?
        var groups: [String]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "users": users = try reader.readIfPresent()
            case "groups": groups = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(users: users ?? [], groups: groups ?? [])
    }
}

extension Escalation: JSONReadable {
    /// A delay and the audience it adds, both required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var afterSeconds: Int?
        var to: Audience?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "afterSeconds": afterSeconds = try reader.readIfPresent()
            case "to": to = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let afterSeconds, let to else { throw JSONReadError(offset: start, reason: "Escalation needs \"afterSeconds\" and \"to\"") }
        self.init(afterSeconds: afterSeconds, to: to)
    }
}

extension PresentedError: JSONReadable {
    /// An error alert's code and texts.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var code: String?
        var description: String?
        var failureReason: String?
        var recoverySuggestion: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "code": code = try reader.readIfPresent()
            case "description": description = try reader.readIfPresent()
            case "failureReason": failureReason = try reader.readIfPresent()
            case "recoverySuggestion": recoverySuggestion = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let code, let description else {
            throw JSONReadError(offset: start, reason: "PresentedError needs \"code\" and \"description\"")
        }
        self.init(code: code, description: description, failureReason: failureReason, recoverySuggestion: recoverySuggestion)
    }
}

extension ApprovalProgress: JSONReadable {
    /// Where an action's approvals stand.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var action: String?
        var needed: Int?
        var approvals: [Approval]?
        var presentation: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "action": action = try reader.readIfPresent()
            case "needed": needed = try reader.readIfPresent()
            case "presentation": presentation = try reader.readIfPresent()
            case "approvals": approvals = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let presentation, let action, let needed else {
            throw JSONReadError(offset: start, reason: "ApprovalProgress needs \"presentation\", \"action\" and \"needed\"")
        }
        self.init(presentation: presentation, action: action, needed: needed, approvals: approvals ?? [])
    }
}
