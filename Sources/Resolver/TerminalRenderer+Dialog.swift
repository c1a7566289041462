import Presentation

extension TerminalRenderer {
    /// A confirmation dialog: `? <title>` and the message, then the rows between rules, cancel set apart.
    func dialogLines(_ presentation: Presentation, approvals: [Approval]) -> [StyledLine] {
        let inner = max(context.width, 20) - 2
        var text = textLines(presentation, width: max(context.width, 20), first: "? ", rest: "  ")
        if text.isEmpty { text = [StyledLine(text: "?")] }
        let rows = choiceRows(presentation, width: inner, approvals: approvals)
        let others = rows.filter { !$0.choice.isEscape }.flatMap(\.lines)
        let cancel = rows.filter(\.choice.isEscape).flatMap(\.lines)
        let widest = (others + cancel).map(\.text.count) + text.map { $0.text.count - 2 }
        let rule = StyledLine(text: String(repeating: "─", count: min(inner, widest.max() ?? 0)))
        let list = [others, cancel].filter { !$0.isEmpty }.flatMap { [rule] + $0 }
        return text
            + list.map { line in
                var line = line
                line.prefix = "  "
                return line
            }
    }
}
