import Primitives

/// Builds JSON paths in the notation violations use: `$`, `$.name`, `$.list[2]`, `$["odd key"]`.
enum JSONPath {
    /// The root value.
    static let root = "$"

    /// The path of `key` in the object at `path`.
    static func member(_ key: String, of path: String) -> String {
        isIdentifier(key) ? "\(path).\(key)" : "\(path)[\(quoted(key))]"
    }

    /// The path of element `index` in the array at `path`.
    static func element(_ index: Int, of path: String) -> String { "\(path)[\(index)]" }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// A key as a JSON string literal, so quotes, backslashes and control characters cannot escape it.
    static func quoted(_ key: String) -> String { JSONString.quoted(key) }
}
