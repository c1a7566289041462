/// A catalog key with its arguments, carried beside the default text so resolvers can translate.
public struct Localization: Sendable, Hashable {
    /// For example `removeDownload.message`.
    public let key: String
    /// Values substituted into the catalog entry, in order (`%1$@`, `%2$@`, …).
    public let arguments: [String]

    /// A catalog key with the arguments its template's `{0}`, `{1}`, … stand for.
    public init(_ key: String, _ arguments: [String] = []) {
        self.key = key
        self.arguments = arguments
    }
}
