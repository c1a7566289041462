/// Why a job failed: an operation throws one to fail its job with a code a person (or a program) can act on.
public struct JobError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable and machine-readable, such as `downloadNotFound`.
    public let code: String
    /// What went wrong, for a person: one line that names what they need to act.
    public let message: String

    /// A failure with this code and message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) [\(code)]" }
}
