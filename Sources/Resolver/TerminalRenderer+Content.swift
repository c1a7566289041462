import Presentation

extension TerminalRenderer {
    /// The title (when shown), failure reason and message, wrapped to `width` with the given prefixes.
    func textLines(_ presentation: Presentation, width: Int, first: String, rest: String) -> [StyledLine] {
        let catalog = context.catalog
        var lines: [StyledLine] = []
        if Self.showsTitle(presentation) {
            let title = catalog.title(of: presentation, locale: context.locale)
            lines += TextWrapping.wrap(title, width: width, first: first, rest: rest).map { StyledLine(text: $0, kind: .title) }
        }
        var paragraphs: [String] = []
        if let reason = catalog.failureReason(of: presentation, locale: context.locale) {
            paragraphs.append(string("resolver.reason", reason))
        }
        if let message = catalog.message(of: presentation, locale: context.locale) {
            paragraphs.append(message)
        }
        guard !paragraphs.isEmpty else { return lines }
        if !lines.isEmpty, presentation.kind == .alert { lines.append(StyledLine(text: "")) }
        for paragraph in paragraphs {
            let prefix = lines.isEmpty ? first : rest
            lines += TextWrapping.wrap(paragraph, width: width, first: prefix, rest: rest).map { StyledLine(text: $0) }
        }
        return lines
    }

    /// Each choice with its wrapped lines: `[1] [R]emove`, the destructive marker, `(Esc)` on the cancel row,
    /// and under an action that needs several people where its approvals stand.
    func choiceRows(_ presentation: Presentation, width: Int, approvals: [Approval] = []) -> [(choice: Choice, lines: [StyledLine])] {
        choices(presentation).choices.map { choice in
            var text = "[\(choice.number)] \(choice.keyedLabel)"
            if choice.action.role == .destructive, !context.colour { text += " (⚠ \(string("resolver.destructive")))" }
            if choice.isEscape { text += " (Esc)" }
            let kind: TerminalStyle.Kind = choice.action.role == .destructive ? .destructive : .plain
            var lines = TextWrapping.wrap(text, width: width, rest: "    ").map { StyledLine(text: $0, kind: kind) }
            if choice.action.needsSeveral {
                let progress = ApprovalProgress(presentation: presentation.id, action: choice.action.id, needed: choice.action.approvals, approvals: approvals)
                lines += TextWrapping.wrap(approvalLine(progress), width: width, first: "    ", rest: "    ").map { StyledLine(text: $0) }
            }
            return (choice, lines)
        }
    }

    /// `needs 2 approvals, 1 so far: ana`, or `needs 2 approvals, none so far`.
    func approvalLine(_ progress: ApprovalProgress) -> String {
        guard !progress.approvals.isEmpty else { return string("resolver.approvals.none", progress.needed) }
        return string("resolver.approvals", progress.needed, progress.approvals.count, progress.approvers.joined(separator: ", "))
    }
}
