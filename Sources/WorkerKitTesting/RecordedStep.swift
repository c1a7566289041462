public import JSON
import Presentation

/// A step result the operation recorded, as the broker would journal it.
public struct RecordedStep: Sendable, Hashable {
    /// The step's key, with its `#2`, `#3`, … suffix when the name was used before.
    public let name: String
    /// The step's result as JSON, in the bytes the worker would send (value-wise equal to `.integer(10)` and the like).
    public let value: RawJSON

    /// A recorded step.
    public init(name: String, value: RawJSON) {
        self.name = name
        self.value = value
    }
}
