/// Mail could not be set up or stored: a bad people file or setting, or the mail outbox failed.
public struct MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Code: String, Sendable {
        /// The people file is malformed or holds a bad address.
        case invalidPeople
        /// A mail setting is unusable (the from address, the password file).
        case invalidSettings
        /// `<data>/mail.sqlite` could not be opened, read or written.
        case storageFailed
    }

    /// What failed.
    public let code: Code
    /// One line saying what and where.
    public let message: String

    /// An error of `code` saying `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
