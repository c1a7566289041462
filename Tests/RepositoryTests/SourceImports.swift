import Foundation

/// The modules a folder of Swift sources imports: every `import X` (with any attribute or kind, as in
/// `@testable import X` or `import struct X.Y`) outside comments and multi-line string literals.
enum SourceImports {
    /// The imported module names of every `.swift` file below `folder`, with the files importing each.
    static func modules(in folder: URL) -> [String: [String]] {
        var found: [String: [String]] = [:]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [:] }
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for module in modules(inSource: text) { found[module, default: []].append(file.lastPathComponent) }
        }
        return found
    }

    /// The modules one source file imports.
    static func modules(inSource text: String) -> Set<String> {
        var modules: Set<String> = []
        var inLiteral = false
        let statement = try! NSRegularExpression(
            pattern: #"^\s*(?:@[A-Za-z_]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"#
                + #"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
        for line in text.components(separatedBy: "\n") {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inLiteral.toggle() } }
            guard !inLiteral else { continue }
            let range = NSRange(line.startIndex..., in: line)
            guard let match = statement.firstMatch(in: line, range: range), let name = Range(match.range(at: 1), in: line) else { continue }
            modules.insert(String(line[name]))
        }
        return modules
    }
}
