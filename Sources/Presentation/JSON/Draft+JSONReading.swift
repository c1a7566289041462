import Foundation
public import JSON

extension Presentation.Draft: JSONReadable {
    /// A worker's question before the broker names it, read as the synthesized `init(from:)` reads it: `kind`,
    /// `title`, `titleVisibility` and `actions` required, a `null` optional is none.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var kind: Presentation.Kind?
        var title: String?
        var titleVisibility: Presentation.TitleVisibility?
        var message: String?
        var actions: [Action]?
        var fields: [TextFieldState]?
        var audience: Audience?
        var item: JSONValue?
        var error: PresentedError?
        var localization: Localization?
        var expiresAfter: Double?
        var escalation: Escalation?
        var onExpiry: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
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
            case "expiresAfter": expiresAfter = try reader.readIfPresent()
            case "escalation": escalation = try reader.readIfPresent()
            case "onExpiry": onExpiry = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let kind, let title, let titleVisibility, let actions else {
            throw JSONReadError(offset: start, reason: "Draft needs \"kind\", \"title\", \"titleVisibility\" and \"actions\"")
        }
        self.init(
            kind: kind, title: title, titleVisibility: titleVisibility, message: message, actions: actions, item: item, error: error,
            localization: localization, expiresAfter: expiresAfter)
        self.fields = fields
        self.audience = audience
        self.escalation = escalation
        self.onExpiry = onExpiry
    }
}
