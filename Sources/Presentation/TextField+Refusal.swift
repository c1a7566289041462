import Foundation

extension TextFieldState {
    /// Why a value does not pass a field's rules, with the figures a person needs; its description is
    /// the broker's English wording (`is required`, `has 3 characters; at least 5`).
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// Empty (or only spaces) where a value is required.
        case required
        /// A control character in a one-line value.
        case controlCharacter
        /// More Unicode scalars than the field's length allows.
        case tooManyScalars(count: Int, most: Int)
        /// Fewer characters than the field's shortest.
        case tooShort(count: Int, least: Int)
        /// More characters than the field's longest.
        case tooLong(count: Int, most: Int)
        /// Not in the form of the field's pattern.
        case mismatch(pattern: String)

        /// The broker's wording.
        public var description: String {
            switch self {
            case .required: "is required"
            case .controlCharacter: "contains a control character"
            case .tooManyScalars(let count, let most): "has \(count) Unicode scalars; at most \(most)"
            case .tooShort(let count, let least): "has \(count) characters; at least \(least)"
            case .tooLong(let count, let most): "has \(count) characters; at most \(most)"
            case .mismatch(let pattern): "does not match \(pattern)"
            }
        }
    }

    /// Why `value` does not pass this field's rules, or nil when it passes.
    public func refusal(of value: String?) -> Refusal? {
        let text = value ?? ""
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return required ? .required : nil
        }
        if TextRules.firstControl(in: text, allowingLineBreaks: false) != nil { return .controlCharacter }
        let longest = maxLength ?? Presentation.Limits.fieldValue
        // Counted first, cheaply: the pattern's cost is linear in the scalars, which this bounds.
        let scalars = text.unicodeScalars.count
        if scalars > longest * Presentation.Limits.scalarsPerCharacter {
            return .tooManyScalars(count: scalars, most: longest * Presentation.Limits.scalarsPerCharacter)
        }
        let length = text.count
        if let minLength, length < minLength { return .tooShort(count: length, least: minLength) }
        if length > longest { return .tooLong(count: length, most: longest) }
        if let pattern, let compiled = try? FieldPattern(pattern), !compiled.matches(text) { return .mismatch(pattern: pattern) }
        return nil
    }
}
