/// The outbox could not be opened or read; carries the file and the underlying reason.
public struct OutboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Code: String, Sendable {
        /// The folder or `gateway.sqlite` could not be created, opened or migrated.
        case openFailed
        /// A read or write of the outbox failed.
        case storageFailed
    }

    /// What failed.
    public let code: Code
    /// The SQLite file.
    public let path: String
    /// The underlying reason.
    public let detail: String

    /// An error about the outbox at `path`.
    public init(code: Code, path: String, detail: String) {
        self.code = code
        self.path = path
        self.detail = detail
    }

    /// One line naming the file and the reason.
    public var description: String {
        switch code {
        case .openFailed: "cannot open the webhook outbox \(path): \(detail)"
        case .storageFailed: "webhook outbox \(path): \(detail)"
        }
    }
}
