/// A journaled job the broker cannot read back and runs without: which, and why.
public struct Quarantine: Codable, Sendable, Hashable {
    /// The job's id (read from its row's key, which is always readable).
    public let job: String
    /// What could not be read, for a person.
    public let reason: String

    /// A job set aside for `reason`.
    public init(job: String, reason: String) {
        self.job = job
        self.reason = reason
    }
}
