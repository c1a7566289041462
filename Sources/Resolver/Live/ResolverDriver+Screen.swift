import Foundation
import Presentation

extension ResolverDriver {
    /// The renderer for `entry` in this run's locale, colour and width, aged from now.
    func renderer(_ entry: PendingEntry) -> TerminalRenderer {
        TerminalRenderer(context: RenderContext(
            locale: options.locale, colour: options.colour, width: options.width, operation: entry.operation, now: Date(),
            operationCatalog: texts.catalog(for: entry.operation)))
    }

    /// Shows one dialog, how many more wait, and the prompt.
    func display(_ entry: PendingEntry) {
        idle = false
        displayed = entry
        lastShown = entry.id
        let renderer = renderer(entry)
        var screen = "\n" + renderer.render(entry.presentation).joined(separator: "\n") + "\n"
        if session.waiting > 0 { screen += text("more", String(session.waiting)) + "\n" }
        output.screen(screen + renderer.prompt(entry.presentation))
    }

    /// A key: chooses an action of the shown dialog, or quits (`q` when it chooses nothing, Ctrl-C).
    func press(_ input: KeyInput) {
        switch input {
        case .interrupt:
            quitting = true
        case .press(let key):
            let choices = displayed.map { renderer($0).choices($0.presentation) }
            if let entry = displayed, let choices, let action = choices.action(for: key) {
                output.line(TextRules.escaped(choices.choices.first { $0.action.id == action }?.label ?? action))
                displayed = nil
                send(entry, action: action)
            } else if key == .character("q") || key == .character("Q") {
                quitting = true
            }
        }
    }
}
