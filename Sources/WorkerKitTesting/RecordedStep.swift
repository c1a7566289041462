public import JSON
import Presentation

/// A step result the operation recorded, as the broker would journal it.
public struct RecordedStep: Sendable, Hashable {
    /// The step's key, with its `#2`, `#3`, … suffix when the name was used before.
    public let name: String
    /// The step's result as JSON.
    public let value: JSONValue

    /// A recorded step.
    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
    }
}
