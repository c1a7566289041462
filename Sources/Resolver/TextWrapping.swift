/// Word wrapping for fixed-width terminals; every character counts as one column.
enum TextWrapping {
    /// `text` broken into lines of at most `width` characters, keeping its own line breaks.
    ///
    /// The first line starts with `first`, the others with `rest` (a hanging indent); a word longer
    /// than a line is split.
    static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = lines.isEmpty ? first : rest
            var lineHasWord = false
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                var word = Substring(word)
                while !word.isEmpty {
                    let room = width - line.count - (lineHasWord ? 1 : 0)
                    if word.count <= room {
                        line += (lineHasWord ? " " : "") + word
                        lineHasWord = true
                        word = ""
                    } else if lineHasWord {
                        lines.append(line)
                        line = rest
                        lineHasWord = false
                    } else {
                        let cut = max(1, room)
                        lines.append(line + word.prefix(cut))
                        word = word.dropFirst(cut)
                        line = rest
                    }
                }
            }
            lines.append(line)
        }
        return lines
    }
}
