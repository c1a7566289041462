/// "Did you mean …?" for a mistyped command or option: the known word closest to what was typed.
enum Spelling {
    /// The candidate within two edits of `word` (or that it starts, when it is 3 letters or more), closest
    /// first; nil when none is close.
    static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let typed = word.lowercased()
        var best: (distance: Int, word: String)?
        for candidate in candidates {
            let known = candidate.lowercased()
            var distance = editDistance(typed, known)
            if typed.count >= 3, known.hasPrefix(typed) { distance = min(distance, 1) }
            guard distance <= min(2, max(1, known.count / 3)) else { continue }
            if best == nil || distance < best!.distance { best = (distance, candidate) }
        }
        return best?.word
    }

    /// " Did you mean `submit`?" or nothing, to end an error message with.
    static func hint(for word: String, among candidates: some Sequence<String>, prefix: String = "") -> String {
        suggestion(for: word, among: candidates).map { "; did you mean \(prefix)\($0)?" } ?? ""
    }

    /// The Damerau–Levenshtein distance (insertions, deletions, substitutions, adjacent swaps).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
