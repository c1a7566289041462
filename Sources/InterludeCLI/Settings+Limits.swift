import Configuration
import Wire

extension Settings {
    /// The size policy these settings describe, for every process the CLI starts or talks to.
    var messageLimits: MessageLimits {
        MessageLimits(maxMessageBytes: maxMessageBytes, maxJsonDepth: maxJsonDepth, maxJsonKeys: maxJsonKeys)
    }
}
