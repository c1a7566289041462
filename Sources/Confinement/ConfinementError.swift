/// A path that cannot be used inside its folder: it leaves it, is missing, or the disk refused.
public struct ConfinementError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// The path, or a symbolic link on its way, leads outside the folder it must stay in.
        case outside
        /// A component does not exist.
        case notFound
        /// A component that must be a folder is something else.
        case notAFolder
        /// More symbolic links than `PathWalk.maxLinks` on the way (a loop, most likely).
        case tooManyLinks
        /// A name that is not one plain path component.
        case invalidName
        /// The system refused (permissions, a full disk, …); the message has its reason.
        case failed
    }

    /// What went wrong.
    public let code: Code
    /// The path as the caller gave it, or the entry at fault.
    public let path: String
    /// One sentence for a person.
    public let message: String

    /// An error with `code` about `path`.
    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `PATH: MESSAGE`.
    public var description: String { "\(path): \(message)" }
}
