import Foundation

/// A presentation that breaks a rule, with the rule and the offending value.
public struct InvalidPresentation: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which rule a presentation breaks.
    public enum Code: String, Sendable, Hashable {
        /// A rule about the title, the message or the number of actions.
        case emptyTitle, titleTooLong, messageTooLong, noActions, tooManyActions
        /// A rule about an action's id or label.
        case emptyActionID, invalidActionID, duplicateActionID, emptyLabel, labelTooLong
        /// A rule about roles, sequence numbers, deadlines or an error alert's error.
        case severalCancelActions, dialogWithoutCancel, invalidSequence, invalidExpiry, invalidError
        /// A control character in a text, a field that breaks its rules, or an audience that names no one.
        case controlCharacter, invalidField, invalidAudience
        /// An action that needs more approvals than allowed, or than the people who could give them.
        case invalidApprovals
    }

    /// The rule broken.
    public let code: Code
    /// The offending value and what is wrong with it.
    public let detail: String

    /// A violation of `code`, described by `detail`.
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "invalid presentation (\(code.rawValue)): \(detail)" }
}

extension Presentation {
    /// The limits a presentation must keep, so that every resolver can show it.
    public enum Limits {
        /// The longest title, in characters.
        public static let title = 200
        /// The longest message, in characters.
        public static let message = 2_000
        /// The most actions a presentation offers, added buttons included.
        public static let actions = 8
        /// The longest action id, in characters.
        public static let actionID = 64
        /// The longest button label, in characters.
        public static let label = 100
        /// Text fields a presentation may ask for.
        public static let fields = 4
        /// The longest value a text field takes (its `maxLength` may be lower).
        public static let fieldValue = 1_000
        /// Unicode scalars a value may hold per character of its longest length, so that checking its
        /// pattern costs a bounded number of steps (a character is rarely more than a few scalars).
        public static let scalarsPerCharacter = 4
        /// The most distinct people an action may need (as many as an audience may name).
        public static let approvals = 32
    }

    func validate() throws(InvalidPresentation) {
        if Self.isBlank(title, .whitespacesAndNewlines) {
            throw InvalidPresentation(.emptyTitle, "a presentation needs a title")
        }
        if Self.isLonger(title, than: Limits.title) {
            throw InvalidPresentation(.titleTooLong, "title has \(title.count) characters; at most \(Limits.title)")
        }
        if let message, Self.isLonger(message, than: Limits.message) {
            throw InvalidPresentation(.messageTooLong, "message has \(message.count) characters; at most \(Limits.message)")
        }
        if sequence < 1 { throw InvalidPresentation(.invalidSequence, "sequence must be 1 or more, got \(sequence)") }
        if let expiresAt, expiresAt <= createdAt {
            throw InvalidPresentation(.invalidExpiry, "expiresAt must be after createdAt")
        }
        if let onExpiry, action(onExpiry) == nil {
            throw InvalidPresentation(
                .invalidExpiry, "onExpiry \"\(onExpiry)\" is not one of the question's actions (\(actions.map(\.id).joined(separator: ", ")))")
        }
        if let error, error.code.isEmpty || error.description.isEmpty {
            throw InvalidPresentation(.invalidError, "an error needs a code and a description")
        }
        try validateActions()
        try validateFields()
        if let problem = audience?.problem { throw InvalidPresentation(.invalidAudience, problem) }
        if let problem = escalation?.problem { throw InvalidPresentation(.invalidAudience, problem) }
        try validateApprovals()
    }

    /// An action needs 1 to `Limits.approvals` people, a cancel action one, and an audience of named users only
    /// at least as many users as an action needs (with a group, or no audience, who could answer is not known here).
    private func validateApprovals() throws(InvalidPresentation) {
        for action in actions where action.approvals != 1 {
            guard (1...Limits.approvals).contains(action.approvals) else {
                throw InvalidPresentation(
                    .invalidApprovals, "action \"\(action.id)\" needs \(action.approvals) approvals; 1 to \(Limits.approvals)")
            }
            if action.role == .cancel {
                throw InvalidPresentation(.invalidApprovals, "cancel action \"\(action.id)\" needs one answer, not \(action.approvals)")
            }
            if let audience, audience.groups.isEmpty, Set(audience.users).count < action.approvals {
                throw InvalidPresentation(
                    .invalidApprovals,
                    "action \"\(action.id)\" needs \(action.approvals) approvals but its audience names only \(Set(audience.users).count) user(s)")
            }
        }
    }

    private func validateActions() throws(InvalidPresentation) {
        if actions.isEmpty { throw InvalidPresentation(.noActions, "a presentation needs at least one action") }
        if actions.count > Limits.actions {
            throw InvalidPresentation(.tooManyActions, "\(actions.count) actions; at most \(Limits.actions)")
        }
        var seen: Set<String> = []
        for action in actions {
            if action.id.isEmpty { throw InvalidPresentation(.emptyActionID, "an action id is empty") }
            if action.id.utf8.count > Limits.actionID || !action.id.utf8.allSatisfy(Self.isActionIDByte) {
                throw InvalidPresentation(
                    .invalidActionID, "action id \"\(action.id)\" must be 1–\(Limits.actionID) of A–Z a–z 0–9 _ . -")
            }
            if !seen.insert(action.id).inserted {
                throw InvalidPresentation(.duplicateActionID, "action id \"\(action.id)\" is used twice")
            }
            if Self.isBlank(action.label, .whitespaces) {
                throw InvalidPresentation(.emptyLabel, "action \"\(action.id)\" has no label")
            }
            if Self.isLonger(action.label, than: Limits.label) {
                throw InvalidPresentation(.labelTooLong, "label of \"\(action.id)\" is longer than \(Limits.label)")
            }
        }
        let cancels = actions.filter { $0.role == .cancel }.count
        if cancels > 1 { throw InvalidPresentation(.severalCancelActions, "\(cancels) cancel actions; at most one") }
        if kind == .confirmationDialog, cancels == 0 {
            throw InvalidPresentation(.dialogWithoutCancel, "a confirmation dialog always has a cancel action")
        }
    }

    static func isActionIDCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "_.-".contains(character))
    }

    /// `isActionIDCharacter` on one UTF-8 byte: A–Z a–z 0–9 _ . - (an id of only these bytes has as many
    /// characters as bytes). Every presentation read back is checked again, so the check is kept cheap.
    static func isActionIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Whether `text` is empty or only characters of `set` (a set of white space): `trimmingCharacters(in:).isEmpty`
    /// without the copy. Printable ASCII is white space in no such set, so a text that starts with it is decided
    /// without building the set (Foundation makes one at every use, and every presentation is checked on each
    /// side of every hop).
    static func isBlank(_ text: String, _ set: @autoclosure () -> CharacterSet) -> Bool {
        guard let first = text.unicodeScalars.first else { return true }
        if (0x21...0x7E).contains(first.value) { return false }
        let set = set()
        return text.unicodeScalars.allSatisfy { set.contains($0) }
    }

    /// Whether `text` has more than `limit` characters, counting them only when its bytes could be more.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.count > limit
    }
}

extension Presentation {
    /// Text rules for new questions: no text a person reads holds anything a terminal would act on
    /// (see `TextRules`); the message and the error's explanations may have line breaks.
    func validateText() throws(InvalidPresentation) {
        var texts: [(String, String, Bool)] = [("title", title, false)]
        if let message { texts.append(("message", message, true)) }
        for action in actions { texts.append(("label of \"\(action.id)\"", action.label, false)) }
        for field in fields { texts.append(("label of field \"\(field.id)\"", field.label + (field.placeholder ?? ""), false)) }
        if let error {
            texts.append(("error description", error.description, false))
            if let reason = error.failureReason { texts.append(("error failureReason", reason, true)) }
            if let suggestion = error.recoverySuggestion { texts.append(("error recoverySuggestion", suggestion, true)) }
        }
        for (field, text, multiline) in texts {
            if let control = TextRules.firstControl(in: text, allowingLineBreaks: multiline) {
                throw InvalidPresentation(.controlCharacter, "\(field) contains the control character \(TextRules.name(control))")
            }
        }
    }
}
