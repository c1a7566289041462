public import Wire

extension Settings {
    /// The size policy these settings describe, for every process that starts or talks to the broker.
    public var messageLimits: MessageLimits {
        MessageLimits(maxMessageBytes: maxMessageBytes, maxJsonDepth: maxJsonDepth, maxJsonKeys: maxJsonKeys)
    }
}
