import Foundation
import Presentation

extension ResolverDriver {
    /// The renderer for `entry` in this run's locale, colour and width, aged from now.
    func renderer(_ entry: PendingEntry) -> TerminalRenderer {
        TerminalRenderer(
            context: RenderContext(
                locale: options.locale, colour: options.colour, width: options.width, operation: entry.operation, now: Date(),
                operationCatalog: texts.catalog(for: entry.operation)))
    }

    /// Shows one dialog, its status line (how many more wait, when it expires), and the prompt.
    func display(_ entry: PendingEntry) {
        idle = false
        displayed = entry
        lastShown = entry.id
        let renderer = renderer(entry)
        var screen = "\n" + renderer.render(entry.presentation, approvals: entry.approvals).joined(separator: "\n") + "\n"
        let status = statusLine(entry, now: Date())
        statusShown = status.isEmpty ? nil : status
        if !status.isEmpty { screen += status + "\n" }
        output.screen(screen + renderer.prompt(entry.presentation))
    }

    /// The line under the dialog: `4 more waiting · expires in 1:58`; empty when neither applies.
    func statusLine(_ entry: PendingEntry, now: Date) -> String {
        var parts: [String] = []
        if session.waiting > 0 { parts.append(text("more", String(session.waiting))) }
        if let expiry = entry.presentation.expiresAt { parts.append(text("expiresIn", Self.countdown(expiry.timeIntervalSince(now)))) }
        return parts.joined(separator: " · ")
    }

    /// `1:58`, `12:05`, `2:03:10`: what is left, rounded up to the second, never negative.
    static func countdown(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded(.up)))
        let (hours, minutes, rest) = (total / 3_600, total / 60 % 60, total % 60)
        let tail = String(format: "%02d", rest)
        return hours > 0 ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
    }

    /// Redraws the status line in place when what it says changed (a question arrived or left, a second
    /// passed on a countdown), keeping the prompt where it was; a new line is inserted when there was none.
    func refreshStatus() {
        guard options.interactive, editing == nil, let entry = displayed else { return }
        let status = statusLine(entry, now: Date())
        guard status != (statusShown ?? "") else { return }
        let prompt = renderer(entry).prompt(entry.presentation)
        if statusShown != nil {
            output.screen("\r\u{1B}[1A\u{1B}[2K" + status + "\n\u{1B}[2K" + prompt)
        } else {
            output.screen("\r\u{1B}[2K" + status + "\n" + prompt)
        }
        statusShown = status
    }

    /// The terminal bell, for a question that just arrived (unless `--quiet`).
    func ring() {
        guard options.interactive, !options.quiet else { return }
        output.screen("\u{07}")
    }

    /// A key: chooses an action of the shown dialog, or quits (`q` when it chooses nothing, Ctrl-C).
    func press(_ input: KeyInput) {
        if input == .interrupt {
            quitting = true
            return
        }
        if editing != nil {
            edit(input)
            return
        }
        guard case .press(let key) = input else { return }
        let choices = displayed.map { renderer($0).choices($0.presentation) }
        if let entry = displayed, let choices, let action = choices.action(for: key) {
            output.line(TextRules.escaped(choices.choices.first { $0.action.id == action }?.label ?? action))
            let fields = entry.presentation.action(action).map { entry.presentation.fields(for: $0) } ?? []
            if fields.isEmpty {
                displayed = nil
                send(entry, action: action)
            } else {
                beginEditing(entry, action: action, fields: fields)
            }
        } else if key == .character("q") || key == .character("Q") {
            quitting = true
        }
    }
}
