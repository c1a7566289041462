import Presentation

extension TerminalRenderer {
    /// An alert: a box led by `! <title>`, then the message, then the rows.
    func alertLines(_ presentation: Presentation, approvals: [Approval]) -> [StyledLine] {
        let inner = max(context.width, 20) - 4
        var content = textLines(presentation, width: inner, first: "! ", rest: "  ")
        if content.isEmpty { content = [StyledLine(text: "!")] }
        content.append(StyledLine(text: ""))
        content += choiceRows(presentation, width: inner, approvals: approvals).flatMap(\.lines)
        let boxWidth = content.map(\.text.count).max() ?? 0
        let rule = String(repeating: "─", count: boxWidth + 2)
        let sides = content.map { line in
            var line = line
            line.prefix = "│ "
            line.suffix = String(repeating: " ", count: boxWidth - line.text.count) + " │"
            return line
        }
        return [StyledLine(text: "┌\(rule)┐")] + sides + [StyledLine(text: "└\(rule)┘")]
    }
}
