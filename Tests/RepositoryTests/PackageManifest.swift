import Foundation

/// The targets `Package.swift` declares, read from its text: each target's name, kind, folder and
/// declared dependencies. The manifest is this project's own and written plainly, so reading the
/// `.target(name:dependencies:path:)` calls is enough; a target this cannot read fails the tests.
struct PackageManifest {
    struct Target: Equatable {
        enum Kind: String { case target, testTarget, executableTarget, systemLibrary }
        let name: String
        let kind: Kind
        /// The folder below the root that holds its sources.
        let path: String
        let dependencies: Set<String>
    }

    let targets: [Target]

    /// Reads `Package.swift` at `root`.
    init(root: URL) throws {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [Target] = []
        let call = try NSRegularExpression(pattern: #"(?:\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*|\bsystemLibrary\()"([^"]+)""#)
        for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let nameRange = Range(match.range(at: 2), in: text) else { continue }
            let kind = Range(match.range(at: 1), in: text).flatMap { Target.Kind(rawValue: String(text[$0])) } ?? .systemLibrary
            let name = String(text[nameRange])
            let arguments = Self.balanced(text, from: whole.lowerBound, open: "(", close: ")")
            let path = Self.string(after: "path:", in: arguments) ?? (kind == .testTarget ? "Tests/\(name)" : "Sources/\(name)")
            var dependencies: Set<String> = []
            if let start = arguments.range(of: "dependencies:")?.upperBound, let bracket = arguments[start...].firstIndex(of: "[") {
                let list = Self.balanced(arguments, from: bracket, open: "[", close: "]")
                let withoutPackages = list.replacingOccurrences(of: #"package:\s*"[^"]*""#, with: "", options: .regularExpression)
                dependencies = Set(Self.strings(in: withoutPackages))
            }
            targets.append(Target(name: name, kind: kind, path: path, dependencies: dependencies))
        }
        self.targets = targets
    }

    /// The target called `name`.
    subscript(name: String) -> Target? { targets.first { $0.name == name } }

    /// The text from the first `open` at or after `index` to its matching `close`.
    private static func balanced(_ text: String, from index: String.Index, open: Character, close: Character) -> String {
        var depth = 0
        var inString = false
        var cursor = text[index...].firstIndex(of: open) ?? index
        let start = cursor
        while cursor < text.endIndex {
            let character = text[cursor]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == open { depth += 1 }
                if character == close {
                    depth -= 1
                    if depth == 0 { return String(text[start...cursor]) }
                }
            }
            cursor = text.index(after: cursor)
        }
        return String(text[start...])
    }

    private static func string(after label: String, in text: String) -> String? {
        guard let start = text.range(of: label)?.upperBound else { return nil }
        return strings(in: String(text[start...])).first
    }

    private static func strings(in text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
