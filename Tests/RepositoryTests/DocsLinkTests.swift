import Foundation
import Testing

/// The documentation's own links lead somewhere: every relative link in README.md, CONTRIBUTING.md and
/// docs/ names a file of the repository, and every `#anchor` a heading of the page it names.
@Suite("The documentation's links") struct DocsLinkTests {
    /// The Markdown pages people read.
    static func pages() throws -> [Repository.File] {
        let contributing = Repository.root.appendingPathComponent("CONTRIBUTING.md")
        let extra = (try? String(contentsOf: contributing, encoding: .utf8)).map { [Repository.File(path: "CONTRIBUTING.md", text: $0)] } ?? []
        return try Repository.files().filter { $0.path.hasSuffix(".md") && ($0.path == "README.md" || $0.path.hasPrefix("docs/")) } + extra
    }

    /// The targets of `[text](target)` links outside code blocks, web addresses left out.
    static func links(in text: String) -> [String] {
        var inCode = false
        var targets: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle() }
            guard !inCode else { continue }
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = String(after[..<close])
                if !target.contains("://"), !target.hasPrefix("mailto:") { targets.append(target) }
                rest = after[close...]
            }
        }
        return targets
    }

    /// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil })
    }

    /// The anchors of a page's headings.
    static func anchors(in text: String) -> Set<String> {
        Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) })
    }

    @Test("Every relative link names a file that exists, and every anchor a heading of that page")
    func linksLeadSomewhere() throws {
        let pages = try Self.pages()
        #expect(pages.contains { $0.path == "docs/resolver.md" }, "the pages were found")
        var broken: [String] = []
        for page in pages {
            let folder = URL(fileURLWithPath: page.path).deletingLastPathComponent().relativePath
            for link in Self.links(in: page.text) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].isEmpty ? page.path : URL(fileURLWithPath: folder == "." ? parts[0] : "\(folder)/\(parts[0])").standardized.relativePath
                let target = Repository.root.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(page.path): \(link) (no \(path))")
                    continue
                }
                guard parts.count == 2, path.hasSuffix(".md"), let text = try? String(contentsOf: target, encoding: .utf8) else { continue }
                if !Self.anchors(in: text).contains(parts[1]) {
                    broken.append("\(page.path): \(link) (no heading #\(parts[1]) in \(path))")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test("The check finds a missing file and a missing anchor")
    func theCheckCanFail() {
        #expect(Self.links(in: "see [a](docs/none.md#x) and [b](https://example.com)\n```\n[c](d.md)\n```") == ["docs/none.md#x"])
        #expect(Self.anchors(in: "# Keeping up with the broker (Clone pattern)\n## Sizes") == ["keeping-up-with-the-broker-clone-pattern", "sizes"])
    }
}
