import Foundation
import Presentation

/// The text fields of a chosen action, typed one line each: what is typed so far, and the values given.
struct FieldEditing {
    let entry: PendingEntry
    let action: String
    let fields: [TextFieldState]
    var index = 0
    var line = ""
    var values: [String: String] = [:]

    var field: TextFieldState { fields[index] }
}

extension ResolverDriver {
    /// After an action with text fields is chosen: asks for each field on a line of its own.
    func beginEditing(_ entry: PendingEntry, action: String, fields: [TextFieldState]) {
        editing = FieldEditing(entry: entry, action: action, fields: fields)
        promptField()
    }

    /// `Folder (e.g. library/exports/…): `, or `Password (hidden as you type): ` for a secure
    /// field: a placeholder is an example, never a default, so it says so.
    private func promptField() {
        guard let editing else { return }
        let field = editing.field
        let catalog = texts.catalog(for: editing.entry.operation)
        let placeholder = field.placeholder.map {
            text("example", catalog.localize(field.localization, part: "placeholder", fallback: $0, locale: options.locale))
        }
        let hint = field.kind == .secure ? text("hidden") : placeholder
        output.screen(TextRules.escaped("  \(label(of: field, editing.entry))\(hint.map { " (\($0))" } ?? ""): "))
    }

    /// The field's label in the person's language.
    private func label(of field: TextFieldState, _ entry: PendingEntry) -> String {
        texts.catalog(for: entry.operation).localize(field.localization, part: nil, fallback: field.label, locale: options.locale)
    }

    /// What is wrong with `value` for `field`, said here before anything is sent, in the person's
    /// language: `is required`, too short or too long, a control character, or the field's own message
    /// (`<key>.pattern` in its catalog) for a value that does not match its pattern; nil when the broker
    /// would take it.
    func problem(_ field: TextFieldState, _ value: String, _ entry: PendingEntry) -> String? {
        switch field.refusal(of: value) {
        case nil: return nil
        case .required: return text("required")
        case .controlCharacter: return text("control")
        case .tooManyScalars: return text("tooLong", String(field.maxLength ?? Presentation.Limits.fieldValue))
        case .tooLong(_, let most): return text("tooLong", String(most))
        case .tooShort(_, let least): return text("tooShort", String(least))
        case .mismatch:
            let own = texts.catalog(for: entry.operation).localize(field.localization, part: "pattern", fallback: "", locale: options.locale)
            return own.isEmpty ? text("mismatch") : own
        }
    }

    /// A key while a field is typed: characters are added (and echoed, unless the field is secure),
    /// Backspace takes one back, Enter ends the field (the last one sends the answer), Escape gives up
    /// the fields and shows the dialog again.
    func edit(_ input: KeyInput) {
        guard var current = editing else { return }
        switch input {
        case .press(.character(let character)):
            current.line.append(character)
            if current.field.kind == .text { output.screen(TextRules.escaped(String(character))) }
        case .backspace:
            guard !current.line.isEmpty else { return }
            current.line.removeLast()
            if current.field.kind == .text { output.screen("\u{8} \u{8}") }
        case .enter:
            output.screen("\n")
            if let problem = problem(current.field, current.line, current.entry) {
                // Refused here, without a round trip: the same field is asked again.
                output.screen(TextRules.escaped("  \(label(of: current.field, current.entry)): \(problem)") + "\n")
                current.line = ""
                editing = current
                promptField()
                return
            }
            if !current.line.isEmpty { current.values[current.field.id] = current.line }
            current.line = ""
            current.index += 1
            guard current.index < current.fields.count else {
                editing = nil
                displayed = nil
                send(current.entry, action: current.action, values: current.values)
                return
            }
        case .press(.escape):
            editing = nil
            output.screen("\n")
            // Approvals that came while the fields were typed are shown now.
            display(session.shown.flatMap { $0.id == current.entry.id ? $0 : nil } ?? current.entry)
            return
        case .interrupt:
            return
        }
        editing = current
        if case .enter = input { promptField() }
    }
}
