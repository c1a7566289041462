import Configuration
import Wire

extension MessageLimits {
    /// The size policy the settings describe: `maxMessageBytes`, `maxJsonDepth` and `maxJsonKeys`.
    public init(_ settings: Settings) {
        self.init(maxMessageBytes: settings.maxMessageBytes, json: JSONPreReader(maxDepth: settings.maxJsonDepth, maxKeys: settings.maxJsonKeys))
    }
}
