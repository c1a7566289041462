import Foundation

/// A text a question asks for beside its buttons, as SwiftUI's `alert` takes a `TextField` or a
/// `SecureField`: data, validated where the answer arrives.
///
/// A `secure` field's value reaches the operation once, when it resumes; it is never journaled,
/// logged, published in events or sent to webhooks. A field belongs to the actions `actions` names
/// (every action but the cancel one when absent): its value is asked for, checked and delivered only
/// with those.
public struct TextFieldState: Sendable, Hashable, Identifiable {
    /// Plain text, or text a resolver hides while it is typed.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// `text` shows what is typed; `secure` hides it and is never journaled.
        case text, secure
    }

    /// What the answer's `values` name; unique within its presentation, the characters of an action id.
    public let id: String
    /// Plain or secure.
    public let kind: Kind
    /// The default (English) text beside the field.
    public let label: String
    /// A hint shown in the empty field.
    public let placeholder: String?
    /// Whether an answer with one of the field's actions must give a value (not only spaces).
    public let required: Bool
    /// Fewest characters an answered value may have.
    public let minLength: Int?
    /// Most characters an answered value may have.
    public let maxLength: Int?
    /// A regular expression the whole value must match, in the subset `FieldPattern` matches in linear
    /// time (literals, `.`, classes, `\d \w \s`, anchors, groups, `|`, `* + ? {m,n}`).
    public let pattern: String?
    /// The actions the field belongs to; `nil`: every action but the cancel one.
    public let actions: [String]?
    /// Key and arguments for the label in another language; `<key>.placeholder` for the placeholder.
    public let localization: Localization?

    /// A field with this id and label; every rule is optional.
    ///
    /// ```swift
    /// TextFieldState(id: "folder", label: "Folder", required: true, maxLength: 200,
    ///                localization: Localization("archiveLogs.folder"))
    /// ```
    public init(
        id: String, kind: Kind = .text, label: String, placeholder: String? = nil, required: Bool = false,
        minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, actions: [String]? = nil,
        localization: Localization? = nil
    ) {
        self.id = id
        self.kind = kind
        self.label = label
        self.placeholder = placeholder
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.actions = actions
        self.localization = localization
    }

    /// A `SecureField`.
    public static func secure(
        id: String, label: String, placeholder: String? = nil, required: Bool = false, minLength: Int? = nil,
        maxLength: Int? = nil, pattern: String? = nil, actions: [String]? = nil, localization: Localization? = nil
    ) -> TextFieldState {
        TextFieldState(
            id: id, kind: .secure, label: label, placeholder: placeholder, required: required, minLength: minLength,
            maxLength: maxLength, pattern: pattern, actions: actions, localization: localization)
    }

    /// Whether the field belongs to `action` of `presentation`.
    public func belongs(to action: Action) -> Bool {
        actions.map { $0.contains(action.id) } ?? (action.role != .cancel)
    }

    /// What is wrong with `value` for this field, or nil when it passes.
    public func problem(with value: String?) -> String? {
        refusal(of: value)?.description
    }
}

/// One value of an answer that a field refused: the field's id and what is wrong.
public struct FieldProblem: Sendable, Hashable, CustomStringConvertible {
    /// The field's id.
    public let field: String
    /// What is wrong with its value, such as `is required`.
    public let problem: String

    /// A problem of `field`.
    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)" }
}

extension Presentation {
    /// The fields asked for with `action`.
    public func fields(for action: Action) -> [TextFieldState] { fields.filter { $0.belongs(to: action) } }

    /// Every problem of `values` for an answer with `action`: a value no field of that action asks
    /// for, a required one missing, one too short or too long, one that does not match its pattern.
    public func problems(with values: [String: String], for action: Action) -> [FieldProblem] {
        let asked = fields(for: action)
        var problems = values.keys.sorted().filter { key in !asked.contains { $0.id == key } }.map {
            FieldProblem(field: $0, problem: "is not a field of action \"\(action.id)\"")
        }
        for field in asked {
            if let problem = field.problem(with: values[field.id]) { problems.append(FieldProblem(field: field.id, problem: problem)) }
        }
        return problems
    }

    func validateFields() throws(InvalidPresentation) {
        if fields.count > Limits.fields { throw InvalidPresentation(.invalidField, "\(fields.count) fields; at most \(Limits.fields)") }
        var seen: Set<String> = []
        for field in fields {
            guard !field.id.isEmpty, field.id.count <= Limits.actionID, field.id.allSatisfy(Self.isActionIDCharacter) else {
                throw InvalidPresentation(.invalidField, "field id \"\(field.id)\" must be 1–\(Limits.actionID) of A–Z a–z 0–9 _ . -")
            }
            if !seen.insert(field.id).inserted { throw InvalidPresentation(.invalidField, "field id \"\(field.id)\" is used twice") }
            if field.label.trimmingCharacters(in: .whitespaces).isEmpty || field.label.count > Limits.label {
                throw InvalidPresentation(.invalidField, "field \"\(field.id)\" needs a label of 1–\(Limits.label) characters")
            }
            if let unknown = field.actions?.first(where: { id in !actions.contains { $0.id == id } }) {
                throw InvalidPresentation(.invalidField, "field \"\(field.id)\" names no action \"\(unknown)\"")
            }
            let lengths = (field.minLength ?? 0, field.maxLength ?? Limits.fieldValue)
            if lengths.0 < 0 || lengths.1 < 1 || lengths.0 > lengths.1 || lengths.1 > Limits.fieldValue {
                throw InvalidPresentation(.invalidField, "field \"\(field.id)\" has lengths \(lengths.0)…\(lengths.1); at most \(Limits.fieldValue)")
            }
            if let pattern = field.pattern {
                if pattern.count > Limits.label {
                    throw InvalidPresentation(.invalidField, "field \"\(field.id)\" has a pattern of \(pattern.count) characters; at most \(Limits.label)")
                }
                let compiled: FieldPattern
                do throws(PatternError) {
                    compiled = try FieldPattern(pattern)
                } catch {
                    throw InvalidPresentation(.invalidField, "field \"\(field.id)\": \(error.description)")
                }
                let worst = compiled.worstSteps(scalars: lengths.1 * Limits.scalarsPerCharacter)
                if worst > FieldPattern.Limits.steps {
                    throw InvalidPresentation(
                        .invalidField,
                        "field \"\(field.id)\": pattern \"\(pattern)\" (\(compiled.size) instructions) could take \(worst) steps on a "
                            + "value of \(lengths.1) characters; at most \(FieldPattern.Limits.steps): lower maxLength or simplify the pattern")
                }
            }
        }
    }
}
