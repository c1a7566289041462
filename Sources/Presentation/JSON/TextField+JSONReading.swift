import Foundation
public import JSON

extension TextFieldState.Kind: JSONReadable {}

extension TextFieldState: JSONReadable {
    /// A text field of a presentation.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var id: String?
        var kind: Kind?
        var label: String?
        var placeholder: String?
        var required: Bool?
        var minLength: Int?
        var maxLength: Int?
        var pattern: String?
        var actions: [String]?
        var localization: Localization?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            case "kind": kind = try reader.readIfPresent()
            case "label": label = try reader.readIfPresent()
            case "placeholder": placeholder = try reader.readIfPresent()
            case "required": required = try reader.readIfPresent()
            case "minLength": minLength = try reader.readIfPresent()
            case "maxLength": maxLength = try reader.readIfPresent()
            case "pattern": pattern = try reader.readIfPresent()
            case "actions": actions = try reader.readIfPresent()
            case "localization": localization = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let id, let kind, let label, let required else {
            throw JSONReadError(offset: start, reason: "TextField needs \"id\", \"kind\", \"label\" and \"required\"")
        }
        self.init(
            id: id, kind: kind, label: label, placeholder: placeholder, required: required, minLength: minLength,
            maxLength: maxLength, pattern: pattern, actions: actions, localization: localization)
    }
}
